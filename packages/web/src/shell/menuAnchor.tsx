import type { MouseEvent, ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { MenuLink } from './menuTarget';

type RootProps = Record<string, unknown> & { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * The root element of a menu entry (Mantine's `renderRoot`): a real link to its page, so that a middle click or
 * "open in new tab" works and a plain click navigates inside the app; an external address opens in a new tab; an
 * entry without a page stays a button whose click reports the missing route.
 */
export function menuAnchor(link: MenuLink, onMissing: () => void): (props: RootProps) => ReactElement {
  return (props: RootProps) => {
    if (link?.kind === 'route') return <Link {...props} to={link.to} />;
    if (link?.kind === 'external') return <a {...props} href={link.url} target="_blank" rel="noopener noreferrer" />;
    return (
      <button
        type="button"
        {...props}
        onClick={(event) => {
          props.onClick?.(event);
          onMissing();
        }}
      />
    );
  };
}
