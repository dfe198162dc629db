// The admin's articles and notices as the storefront reads them (server modules/content/published.ts).
export interface PublicArticle {
  id: number;
  name: string;
  /** html, cleaned when it was saved (server core/richText.ts) */
  content: string;
  menu: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
}

export interface PublicNotice {
  id: number;
  tag: string;
  name: string;
  content: string;
  created_at: string;
}

export interface ArticleMenuLinks {
  id: number;
  name: string;
  articles: { id: number; name: string }[];
}
