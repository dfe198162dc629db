import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Ad } from './types';

const EXTERNAL = /^https?:\/\//i;

/** The text an ad shows over its picture in `language`: the English pair when the language is en and an English
 *  headline is set, else the Chinese pair (`lang` then names it); null without a headline. */
export function adText(ad: Ad, language: string): { title: string; subtitle: string; lang?: string } | null {
  if (language === 'en' && ad.etitle) return { title: ad.etitle, subtitle: ad.esubtitle ?? '' };
  if (!ad.title) return null;
  return { title: ad.title, subtitle: ad.subtitle ?? '', ...(language === 'en' ? { lang: 'zh-CN' } : {}) };
}

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
