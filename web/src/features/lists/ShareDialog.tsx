import { useRef } from 'react';
import { Dialog } from '../../components/Dialog';
import { stripSurvivorPrefix } from '../seasons/seasonDisplay';
import type { RankedList } from './api';
import page from '../../components/Page.module.css';
import styles from './ListDetailPage.module.css';

/** 'Share List Image': a preview of the list's top 5 while shareable images are on their way. */
export function ShareDialog({ list, onClose }: { list: RankedList; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog labelledBy="share-title" onClose={onClose} initialFocus={closeRef}>
      <h2 id="share-title" className={styles.modalTitle}>
        Share List Image
      </h2>
      <div className={styles.sharePreview}>
        <p className={styles.shareName}>{list.name}</p>
        <ol>
          {list.contestants.slice(0, 5).map((i) => (
            <li key={i.id}>{i.isSeason ? stripSurvivorPrefix(i.name) : i.name}</li>
          ))}
        </ol>
      </div>
      <p className={styles.muted}>Shareable images are coming soon. Until then, copy the page address to share this ranking.</p>
      <div className={page.actions}>
        <button ref={closeRef} type="button" className={page.button} onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
