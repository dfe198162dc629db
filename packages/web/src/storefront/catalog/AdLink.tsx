import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Ad } from './types';

const EXTERNAL = /^https?:\/\//i;

/** An ad's target: external addresses open in a new tab, site paths through the router, none → no link. */
export function AdLink({ ad, className, children }: { ad: Ad; className?: string; children: ReactNode }) {
  const url = ad.url?.trim();
  if (!url) return <div className={className}>{children}</div>;
  if (EXTERNAL.test(url))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  return (
    <Link to={url.startsWith('/') ? url : `/${url}`} className={className}>
      {children}
    </Link>
  );
}
