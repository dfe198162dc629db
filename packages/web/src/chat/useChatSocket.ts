// The chat socket (docs/chat.md), the store's, the shopper's and the visitor's: authenticates in its first frame with
// the area's current access token (or the visitor's guest token), hands pushed frames to `onFrame`, reconnects after a
// drop and calls `onReady` each time it is ready again, so the page can read what it missed by id over REST. The
// server closes an access token's socket when the token expires: the session is renewed and the socket comes back at
// once with the new token.
import { useEffect, useRef, useState } from 'react';
import type { ChatServerFrame } from '@qshop/shared/schemas/chat';
import { renewSession } from '../api/client';
import type { Area } from '../auth/areas';
import { getToken } from '../auth/session';

const RECONNECT_MS = 3000;
/** The server's close code for an expired token (server modules/chat/hub.ts). */
const CLOSE_TOKEN_EXPIRED = 4403;

/** Whose socket: an area's session, or a visitor by its guest token (chat/guestToken.ts). */
export type ChatSocketOwner = Extract<Area, 'seller' | 'user'> | { guestToken: string };

/** `owner` null: no socket (e.g. while the chat is not shown). */
export function useChatSocket(owner: ChatSocketOwner | null, onFrame: (frame: ChatServerFrame) => void, onReady: () => void) {
  const [live, setLive] = useState(false);
  const handlers = useRef({ onFrame, onReady });
  handlers.current = { onFrame, onReady };
  const area = typeof owner === 'string' ? owner : null;
  const guestToken = owner && typeof owner !== 'string' ? owner.guestToken : null;
  useEffect(() => {
    if (!area && !guestToken) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const credential = area ? getToken(area) : guestToken;
      if (!credential) return;
      const auth = area ? { type: 'auth', token: credential } : { type: 'auth', guest_token: credential };
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/chat/ws`);
      socket.onopen = () => socket?.send(JSON.stringify(auth));
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as ChatServerFrame;
        if (frame.type === 'ready') {
          setLive(true);
          handlers.current.onReady();
        } else handlers.current.onFrame(frame);
      };
      socket.onclose = (event) => {
        setLive(false);
        if (stopped) return;
        if (area && event.code === CLOSE_TOKEN_EXPIRED) void renewSession(area).then((renewed) => !stopped && renewed && connect());
        else retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [area, guestToken]);
  return live;
}
