// The chat socket (docs/chat.md), the store's and the shopper's: authenticates with the area's access token in its
// first frame, hands pushed frames to `onFrame`, reconnects after a drop and calls `onReady` each time it is ready
// again, so the page can read what it missed by id over REST.
import { useEffect, useRef, useState } from 'react';
import type { ChatServerFrame } from '@qshop/shared/schemas/chat';

const RECONNECT_MS = 3000;

export function useChatSocket(token: string | null, onFrame: (frame: ChatServerFrame) => void, onReady: () => void) {
  const [live, setLive] = useState(false);
  const handlers = useRef({ onFrame, onReady });
  handlers.current = { onFrame, onReady };
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/chat/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token }));
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as ChatServerFrame;
        if (frame.type === 'ready') {
          setLive(true);
          handlers.current.onReady();
        } else handlers.current.onFrame(frame);
      };
      socket.onclose = () => {
        setLive(false);
        if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [token]);
  return live;
}
