import '@fortawesome/fontawesome-free/css/fontawesome.min.css';
import '@fortawesome/fontawesome-free/css/solid.min.css';
import { IconPoint } from '@tabler/icons-react';

/** A menu's font-icon class ('fa-gear' or a full 'fa-solid fa-gear'); a dot when empty. */
export function MenuIcon({ icon }: { icon?: string | null }) {
  if (!icon?.trim()) return <IconPoint size={16} aria-hidden />;
  const className = icon.includes(' ') ? icon : `fa-solid ${icon}`;
  return <i className={className} aria-hidden />;
}
