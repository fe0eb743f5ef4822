import type { ImgHTMLAttributes, SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '../lib/seasonDisplay';

/** An <img> that falls back to the placeholder once when its source fails. Its alt is required ('' for decoration). */
export function FallbackImage({ alt, onError, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  function handleError(e: SyntheticEvent<HTMLImageElement>) {
    const img = e.currentTarget;
    if (img.dataset.fallback !== '1') {
      img.dataset.fallback = '1';
      img.src = PLACEHOLDER_IMAGE;
    }
    onError?.(e);
  }
  return <img loading="lazy" decoding="async" alt={alt} {...props} onError={handleError} />;
}
