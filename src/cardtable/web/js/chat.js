// The table's chat panel and emote row. Every text from the server is put on the
// page with textContent (through `h`), never as HTML, so a message holding markup
// shows that markup as typed. An emote pops up for a moment beside its sender's seat
// on the felt (or their line in the players list, before the match). Emotes are our
// own pictures (art/emotes.js), never the system's emoji, which a machine without an
// emoji font shows as empty boxes.

import { EMOTE_NAMES, emoteArt } from "./art/emotes.js";
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

/** The server's emotes, by name: each one's spoken name (its picture is `emoteArt`). */
export const EMOTES = Object.fromEntries(EMOTE_NAMES.map((name) => [name, { label: t(`chat.emote.${name}`) }]));

const MAX_CHARS = 200;
const POP_MS = 2500;
const SHOWN = 100;

export class ChatPanel {
  /** `root`: the panel's element; `send(message)`: sends a protocol message. */
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.me = null;
    this.messages = [];
    this.muted = new Set();
    /** sender id -> the name last seen for it, for the muted list. */
    this.names = new Map();
    this.table = null;
    this.seat = undefined;
    this.log = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite" });
    this.input = h("input", { id: "chat-input", maxlength: MAX_CHARS, placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder"), autocomplete: "off" });
    this.form = h(
      "form",
      { class: "chat-form", onsubmit: (event) => this.submit(event) },
      this.input,
      h("button", { type: "submit", class: "action-button", text: t("chat.send") }),
    );
    this.emotes = h(
      "div",
      { class: "emote-row", role: "group", "aria-label": t("chat.emotes") },
      Object.entries(EMOTES).map(([name, emote]) =>
        h("button", { type: "button", class: "emote-button", "data-emote": name, title: emote.label, "aria-label": emote.label, onclick: () => this.send({ type: "emote", emote: name }) }, emoteArt(name)),
      ),
    );
    this.note = h("p", { class: "chat-note", id: "chat-note" });
    this.settings = h("div", { class: "chat-settings" });
    this.mutedLine = h("p", { class: "chat-muted" });
    replaceChildren(
      root,
      h("summary", { text: t("chat.title") }),
      this.log,
      this.emotes,
      this.form,
      this.note,
      this.mutedLine,
      this.settings,
    );
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    this.send({ type: "chat", text });
    this.input.value = "";
  }

  /** The table's status changed, or we (re)joined: who we are and what we may do. */
  setTable(table, seat) {
    this.table = table;
    this.seat = seat;
    const spectator = seat === null;
    const silenced = spectator && !table.spectator_chat;
    for (const control of [this.input, ...this.form.elements, ...this.emotes.children]) control.disabled = silenced || seat === undefined;
    this.note.textContent = silenced ? t("chat.spectatorsOff") : "";
    const creator = table.seats.find((s) => s.kind === "human")?.seat;
    if (seat !== null && seat !== undefined && seat === creator) {
      const box = h("input", { type: "checkbox", id: "spectator-chat", checked: table.spectator_chat, onchange: () => this.send({ type: "spectator_chat", allowed: box.checked }) });
      replaceChildren(this.settings, h("label", { for: "spectator-chat" }, box, ` ${t("chat.spectatorsMayChat")}`));
    } else {
      replaceChildren(this.settings);
    }
  }

  history(message) {
    this.me = message.you;
    this.messages = message.messages;
    this.render();
  }

  add(message) {
    this.messages = [...this.messages, message].slice(-SHOWN);
    this.render();
  }

  setMuted(senders) {
    this.muted = new Set(senders);
    this.messages = this.messages.filter((m) => !this.muted.has(m.sender));
    this.render();
  }

  toggleMute(sender) {
    this.send({ type: "mute", sender, muted: !this.muted.has(sender) });
  }

  render() {
    for (const m of this.messages) this.names.set(m.sender, m.name);
    replaceChildren(
      this.log,
      this.messages.map((m) => {
        const mine = m.sender === this.me;
        const who = mine
          ? h("strong", { class: "chat-name", text: m.name })
          : h("button", { type: "button", class: "link-button chat-name", "data-mute": m.sender, title: t("chat.mute", { name: m.name }), "aria-label": t("chat.mute", { name: m.name }), text: m.name, onclick: () => this.toggleMute(m.sender) });
        return h("li", { class: mine ? "chat-line mine" : "chat-line", "data-sender": m.sender }, who, ": ", h("span", { class: "chat-text", text: m.text }));
      }),
    );
    this.log.scrollTop = this.log.scrollHeight;
    const muted = [...this.muted];
    replaceChildren(
      this.mutedLine,
      muted.length ? [`${t("chat.muted")} `, muted.map((sender) => {
        const name = this.names.get(sender) ?? sender;
        return h("button", { type: "button", class: "link-button", "data-unmute": sender, "aria-label": t("chat.unmute", { name }), text: name, onclick: () => this.toggleMute(sender) });
      })] : [],
    );
  }

  /** Show an emote beside its sender's seat for a moment. */
  pop(message) {
    const emote = EMOTES[message.emote];
    if (!emote) return;
    const anchor =
      (message.seat !== null && (document.querySelector(`#board .player[data-seat="${message.seat}"]`) ?? document.querySelector(`#seats li[data-seat="${message.seat}"]`))) ||
      this.root;
    const box = anchor.getBoundingClientRect();
    const bubble = h("div", { class: "emote-pop", role: "status", "data-emote-from": message.sender }, emoteArt(message.emote), ` ${message.name}: ${emote.label}`);
    bubble.style.left = `${Math.max(4, box.left + window.scrollX + box.width / 2)}px`;
    bubble.style.top = `${Math.max(4, box.top + window.scrollY)}px`;
    document.body.append(bubble);
    setTimeout(() => bubble.remove(), POP_MS);
  }
}
