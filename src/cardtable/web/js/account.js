// The account page: register a passkey (the guest keeps their id and history), sign
// in with one on another device or with the recovery code, sign out, delete the
// account. What is stored and why: docs/players.md.

import { h, replaceChildren } from "./dom.js";
import { language, t, translatePage } from "./i18n.js";
import { watchNotices } from "./notices.js";
import {
  currentPlayer,
  deleteAccount,
  ensurePlayer,
  following,
  passkeysAvailable,
  recover,
  registerPasskey,
  signInWithPasskey,
  signOut,
} from "./players.js";
import { buildPrefs } from "./prefs.js";
import { setUpRated } from "./rated.js";
import { ensurePlayerName, savePlayerName } from "./session.js";

const $ = (id) => document.getElementById(id);

function showError(error) {
  // A passkey prompt the person closed is a DOMException (NotAllowedError), not a refusal.
  $("account-error").textContent = error instanceof DOMException ? t("account.cancelled") : error.message;
}

async function show() {
  const player = await currentPlayer();
  const registered = player?.registered ?? false;
  let status = t("account.none");
  if (player) status = registered ? t("account.registered", { name: player.name }) : t("account.guest", { name: player.name });
  $("account-status").textContent = status;
  $("register-form").hidden = registered || !passkeysAvailable();
  $("sign-in").hidden = registered;
  $("signin-passkey").hidden = !passkeysAvailable();
  $("signed-in").hidden = !registered;
  $("my-profile").hidden = !player;
  if (player) $("my-profile").href = `profile.html?player=${encodeURIComponent(player.id)}`;
  $("friends").hidden = !player;
  $("rated").hidden = !player;
  const until = player?.rated_block_until;
  $("rated-block").hidden = !until;
  if (until) $("rated-block").textContent = t("fairplay.ratedBlocked", { time: new Date(until * 1000).toLocaleTimeString(language) });
  if (player) await showFollowing();
  if (!$("account-name").value) $("account-name").value = player?.name ?? ensurePlayerName();
}

/** The players this one follows: online or not, and the public table they are at. */
async function showFollowing() {
  const { players } = await following();
  if (!players.length) {
    replaceChildren($("following"), h("li", { text: t("friends.none") }));
    return;
  }
  replaceChildren(
    $("following"),
    players.map((p) => {
      let status = t("friends.offline");
      if (p.online) status = p.table ? t("friends.atTable", { code: p.table }) : t("friends.online");
      return h(
        "li",
        { "data-player": p.id },
        h("a", { href: `profile.html?player=${encodeURIComponent(p.id)}`, text: p.name }),
        ` \u2013 ${status} `,
        p.table ? h("a", { href: `table.html?code=${encodeURIComponent(p.table)}`, text: t("friends.watch") }) : null,
      );
    }),
  );
}

/** Run `step`, then show the account again; a refusal is shown in the page's language. */
function act(step) {
  return async (event) => {
    event?.preventDefault();
    $("account-error").textContent = "";
    $("account-notice").textContent = "";
    try {
      await step();
    } catch (error) {
      showError(error);
    }
    await show();
  };
}

async function register() {
  const name = $("account-name").value.trim();
  await ensurePlayer(name);
  const answer = await registerPasskey(name);
  savePlayerName(answer.name);
  if (answer.recovery_code) {
    $("recovery-code").textContent = answer.recovery_code;
    $("recovery").hidden = false;
  }
}

async function signedIn(player) {
  savePlayerName(player.name);
  $("recovery").hidden = true;
}

function main() {
  translatePage();
  buildPrefs($("prefs"));
  if (!passkeysAvailable()) $("account-error").textContent = t("account.noPasskeys");
  $("register-form").addEventListener("submit", act(register));
  $("signin-passkey").addEventListener("click", act(async () => signedIn(await signInWithPasskey())));
  $("recover-form").addEventListener("submit", act(async () => signedIn(await recover($("recovery-input").value))));
  $("sign-out").addEventListener("click", act(signOut));
  $("delete-account").addEventListener(
    "click",
    act(async () => {
      if (!window.confirm(t("account.deleteConfirm"))) return;
      await deleteAccount();
      $("account-notice").textContent = t("account.deleted");
    }),
  );
  setUpRated().catch(showError);
  show().then(() => currentPlayer()).then((player) => player && watchNotices()).catch(showError);
}

main();
