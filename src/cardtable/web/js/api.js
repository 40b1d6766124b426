// The server's HTTP API (docs/protocol.md): games, tables, table status.

import { refusalText } from "./errors.js";

/** An error answer of the API: its stable code, and its message in the page's language. */
export class ApiError extends Error {
  constructor(code, message, params) {
    super(refusalText(code, message, params));
    this.code = code;
  }
}

async function request(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(body?.error ?? "http", body?.message ?? `${response.status} ${response.statusText}`, body?.params);
  }
  return body;
}

export const listGames = () => request("/api/games");
export const listTables = () => request("/api/tables");
export const tableStatus = (code) => request(`/api/tables/${encodeURIComponent(code)}`);
export const createTable = (spec) => request("/api/tables", { method: "POST", body: JSON.stringify(spec) });
export const quickMatch = (spec) => request("/api/quickmatch", { method: "POST", body: JSON.stringify(spec) });

/** The WebSocket URL of table `code`, on the page's own host. */
export function socketUrl(code) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws/${encodeURIComponent(code)}`;
}

/** What may separate a code's groups as a person types or pastes it (the server
 * ignores the same: server/lobby.py `normal_code`). */
const CODE_SEPARATORS = /[\s\-\u2010-\u2014]/g;

/** Table code `text` as the server keeps it: capitals, without the dashes and spaces
 * that group it for reading ("6r8t-m5jy hjkf-x5u8" is "6R8TM5JYHJKFX5U8"). */
export function normalCode(text) {
  return String(text).replace(CODE_SEPARATORS, "").toUpperCase();
}

/** Table `code` as a person reads it: groups of four joined by dashes
 * ("6R8T-M5JY-HJKF-X5U8"), or two halves when its length is not a multiple of four
 * (a public table's "ABC-DEF"). */
export function groupedCode(code) {
  const size = code.length % 4 === 0 ? 4 : Math.ceil(code.length / 2);
  return (code.match(new RegExp(`.{1,${size}}`, "g")) ?? []).join("-");
}

/** The table code in what a person typed or pasted into a code field: the code,
 * grouped or not, or the address of a table's page (an invite link) that carries it. */
export function codeIn(text) {
  const typed = String(text).trim();
  const query = typed.includes("?") ? typed.slice(typed.indexOf("?") + 1).split("#")[0] : "";
  return normalCode(new URLSearchParams(query).get("code") ?? typed);
}

/** The address of table `code`'s page, to share: the code in it grouped, as people read it. */
export function tableLink(code) {
  return new URL(`table.html?code=${encodeURIComponent(groupedCode(code))}`, window.location.href).href;
}
