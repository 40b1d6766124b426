// The player API (docs/players.md): this browser's player, passkeys, signing in and out.
// The session is an HttpOnly cookie the server sets; no script here ever sees it.

import { ApiError } from "./api.js";

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(answer?.error ?? "http", answer?.message ?? `${response.status} ${response.statusText}`, answer?.params);
  }
  return answer;
}

/** This browser's player: registered, a guest, or null when it has no session. */
export async function currentPlayer() {
  try {
    return await call("GET", "/api/players/me");
  } catch (error) {
    if (error.code === "no_session") return null;
    throw error;
  }
}

/** The player of this browser, made a guest player named `name` if it has none. */
export const ensurePlayer = (name) => call("POST", "/api/players/me", { name });
export const signOut = () => call("POST", "/api/players/signout", {});
export const deleteAccount = () => call("DELETE", "/api/players/me");
export const recover = (code) => call("POST", "/api/players/recover", { code });
export const seekRated = (game) => call("POST", "/api/players/quickmatch", { game });
export const ratedTicket = (ticket) => call("GET", `/api/players/quickmatch/${encodeURIComponent(ticket)}`);
export const stopSeeking = (ticket) => call("DELETE", `/api/players/quickmatch/${encodeURIComponent(ticket)}`);
export const follow = (id) => call("POST", `/api/players/${encodeURIComponent(id)}/follow`, {});
export const unfollow = (id) => call("DELETE", `/api/players/${encodeURIComponent(id)}/follow`);
export const following = () => call("GET", "/api/players/me/following");
export const block = (id) => call("POST", `/api/players/${encodeURIComponent(id)}/block`, {});
export const unblock = (id) => call("DELETE", `/api/players/${encodeURIComponent(id)}/block`);
export const report = (id, reason) => call("POST", `/api/players/${encodeURIComponent(id)}/report`, { reason });
export const invite = (id, code) => call("POST", `/api/players/${encodeURIComponent(id)}/invite`, { code });

const fromBase64url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toBase64url = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Whether this browser can make and use passkeys. */
export const passkeysAvailable = () => typeof window.PublicKeyCredential === "function";

/** Register a new passkey for this browser's player under `name`; the answer holds
 * `recovery_code` when it is the player's first. */
export async function registerPasskey(name) {
  const { ceremony, options } = await call("POST", "/api/players/passkeys/register/options", { name });
  const publicKey = {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: (options.excludeCredentials ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) })),
  };
  const credential = await navigator.credentials.create({ publicKey });
  const answer = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(credential.response.clientDataJSON),
      attestationObject: toBase64url(credential.response.attestationObject),
    },
  };
  return call("POST", "/api/players/passkeys/register", { ceremony, credential: answer, name });
}

/** Sign in with one of this site's passkeys that the browser offers. */
export async function signInWithPasskey() {
  const { ceremony, options } = await call("POST", "/api/players/passkeys/signin/options", {});
  const publicKey = { ...options, challenge: fromBase64url(options.challenge), allowCredentials: [] };
  const credential = await navigator.credentials.get({ publicKey });
  const response = credential.response;
  const answer = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: response.userHandle ? toBase64url(response.userHandle) : null,
    },
  };
  return call("POST", "/api/players/passkeys/signin", { ceremony, credential: answer });
}
