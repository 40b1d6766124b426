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

/** The address of table `code`'s page, to share. */
export function tableLink(code) {
  return new URL(`table.html?code=${encodeURIComponent(code)}`, window.location.href).href;
}
