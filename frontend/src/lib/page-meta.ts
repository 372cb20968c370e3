import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/brand';

export interface PageMeta {
  title: string;
  description: string;
}

const fullTitle = (title: string) => (title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`);

// What the page being pre-rendered declared (build time only: effects never run in a server render).
let declaredOnServer: PageMeta | undefined;

/** Sets the document title and meta description of a page. */
export function usePageMeta(title: string, description: string): void {
  if (typeof document === 'undefined') declaredOnServer = { title: fullTitle(title), description };
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}

/** Build step: the title and description the last server render declared, so pre-rendered HTML carries them. */
export function takeServerPageMeta(): PageMeta | undefined {
  const meta = declaredOnServer;
  declaredOnServer = undefined;
  return meta;
}
