// The chat socket (docs/chat.md), the store's and the shopper's: authenticates with the area's current access token
// in its first frame, hands pushed frames to `onFrame`, reconnects after a drop and calls `onReady` each time it is
// ready again, so the page can read what it missed by id over REST. The server closes it when its token expires: the
// session is renewed and the socket comes back at once with the new token.
import { useEffect, useRef, useState } from 'react';
import type { ChatServerFrame } from '@qshop/shared/schemas/chat';
import { renewSession } from '../api/client';
import type { Area } from '../auth/areas';
import { getToken } from '../auth/session';

const RECONNECT_MS = 3000;
/** The server's close code for an expired token (server modules/chat/hub.ts). */
const CLOSE_TOKEN_EXPIRED = 4403;

/** `area` null: no socket (e.g. while the chat is not shown). */
export function useChatSocket(area: Extract<Area, 'seller' | 'user'> | null, onFrame: (frame: ChatServerFrame) => void, onReady: () => void) {
  const [live, setLive] = useState(false);
  const handlers = useRef({ onFrame, onReady });
  handlers.current = { onFrame, onReady };
  useEffect(() => {
    if (!area) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const token = getToken(area);
      if (!token) return;
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/chat/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token }));
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
        if (event.code === CLOSE_TOKEN_EXPIRED) void renewSession(area).then((renewed) => !stopped && renewed && connect());
        else retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [area]);
  return live;
}
