import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { apiBase } from '../../api/client';
import { useIsMobile } from '../../components/useMediaQuery';
import type { RankedList } from './api';
import page from '../../components/Page.module.css';
import styles from './ListDetailPage.module.css';
import { MESSAGES } from '../../api/contract';

export const SHARE_GENERATE_ERROR = MESSAGES.shareFailed;
export const SHARE_LOAD_ERROR = MESSAGES.shareBackgroundFailed;
export const SAVE_HINT = 'Press and hold the image to save it';
export const DEFAULT_SHARE_FILE = 'survivor_ranking.png';

/** The download's file name: the list name with runs of other characters as underscores, plus '_ranking.png'. */
export function shareFileName(listName: string): string {
  const base = listName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return base === '' ? DEFAULT_SHARE_FILE : `${base}_ranking.png`;
}

export function shareImageUrl(userId: string, listId: string): string {
  return `${apiBase}/api/lists/${encodeURIComponent(userId)}/${encodeURIComponent(listId)}/share.png`;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function isPNG(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await new Response(blob.slice(0, 8)).arrayBuffer());
  return PNG_SIGNATURE.every((b, i) => head[i] === b);
}

export interface SharedImage {
  blob: Blob;
  url: string; // an object URL, revoked when the dialog closes
}

/**
 * The share image flow: generate() fetches the list's PNG from the server as a blob;
 * while it runs `generating` is true, then the image is open (for the dialog) or the
 * error says what failed. close() drops the image and revokes its object URL.
 */
export function useShareImage({ userId, listId }: { userId: string; listId: string }) {
  const [generating, setGenerating] = useState(false);
  const [image, setImage] = useState<SharedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  const current = useRef<SharedImage | null>(null);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (current.current) URL.revokeObjectURL(current.current.url);
      current.current = null;
    };
  }, []);

  const close = useCallback(() => {
    if (current.current) URL.revokeObjectURL(current.current.url);
    current.current = null;
    setImage(null);
  }, []);

  const fail = useCallback(
    (message: string) => {
      close();
      setError(message);
    },
    [close],
  );

  const generate = useCallback(async () => {
    setGenerating(true);
    setError(null);
    try {
      let res: Response;
      try {
        res = await globalThis.fetch(shareImageUrl(userId, listId), { credentials: 'same-origin' });
      } catch {
        if (live.current) setError(SHARE_GENERATE_ERROR);
        return;
      }
      if (!res.ok) {
        if (live.current) setError(SHARE_GENERATE_ERROR);
        return;
      }
      let blob: Blob;
      try {
        blob = await res.blob();
        if (!(await isPNG(blob))) throw new Error('not a PNG');
      } catch {
        if (live.current) setError(SHARE_LOAD_ERROR);
        return;
      }
      if (!live.current) return;
      if (current.current) URL.revokeObjectURL(current.current.url);
      const shared = { blob: blob.type === 'image/png' ? blob : new Blob([blob], { type: 'image/png' }), url: '' };
      shared.url = URL.createObjectURL(shared.blob);
      current.current = shared;
      setImage(shared);
    } finally {
      if (live.current) setGenerating(false);
    }
  }, [userId, listId]);

  return { generating, image, error, generate, close, fail };
}

function canShareFile(file: File): boolean {
  try {
    return typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

interface Props {
  list: Pick<RankedList, 'name'>;
  image: SharedImage;
  onClose: () => void;
  /** The preview could not be shown (the image did not decode). */
  onLoadError: () => void;
}

/** 'Share List Image': the drawn image, 'Download Image' on a desktop, a long-press hint (and the system share sheet where there is one) on a phone. */
export function ShareDialog({ list, image, onClose, onLoadError }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const isMobile = useIsMobile();
  const fileName = shareFileName(list.name);
  const [file] = useState(() => new File([image.blob], fileName, { type: 'image/png' }));
  const canShare = isMobile && canShareFile(file);

  async function share() {
    try {
      await navigator.share({ files: [file], title: list.name });
    } catch {
      // dismissed, or the browser refused: the image is still there to save
    }
  }

  return (
    <Dialog labelledBy="share-title" onClose={onClose} initialFocus={closeRef}>
      <h2 id="share-title" className={styles.modalTitle}>
        Share List Image
      </h2>
      <div className={styles.shareFrame}>
        {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the picture is the share image itself */}
        <img className={styles.shareImage} src={image.url} alt={`Share image of ${list.name}`} width={1024} height={1536} onError={onLoadError} />
      </div>
      {isMobile && <p className={styles.shareHint}>{SAVE_HINT}</p>}
      <div className={`${page.actions} ${styles.shareActions}`}>
        {!isMobile && (
          <a className={page.button} href={image.url} download={fileName}>
            Download Image
          </a>
        )}
        {canShare && (
          <button type="button" className={page.button} onClick={() => void share()}>
            Share
          </button>
        )}
        <button ref={closeRef} type="button" className={page.buttonGhost} onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
