import type { ImgHTMLAttributes, SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '../features/seasons/seasonDisplay';

/** An <img> that falls back to the placeholder once when its source fails. */
export function FallbackImage({ onError, ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  function handleError(e: SyntheticEvent<HTMLImageElement>) {
    const img = e.currentTarget;
    if (img.dataset.fallback !== '1') {
      img.dataset.fallback = '1';
      img.src = PLACEHOLDER_IMAGE;
    }
    onError?.(e);
  }
  return <img loading="lazy" decoding="async" {...props} onError={handleError} />;
}
