import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/brand';

/** Sets the document title and meta description of a page. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
