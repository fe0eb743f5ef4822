import { useMemo, useState } from 'react';
import { useCatalog } from '../../api/catalog';
import { SearchField } from '../../components/SearchField';
import { searchCatalog } from '../../lib/catalogSearch';
import { stripSurvivorPrefix } from '../../lib/seasonDisplay';
import { itemLabel, LegacyListCard } from './LegacyListCard';
import { LEGACY_LISTS, SAVE_FAILED, useSaveLegacy, type LegacyItem, type LegacyKey, type LegacyLists } from './legacyApi';
import page from '../../components/Page.module.css';
import ui from '../../components/ui.module.css';
import styles from './LegacyPage.module.css';
import { MESSAGES } from '../../api/contract';
import { ErrorLine } from '../../components/Failure';

/** How many search hits are offered at a time. */
const HITS = 6;
const MIXED = MESSAGES.listMixed;

/** One list being edited: its items with move and remove buttons, and a search to add more. */
function ListEditor({ title, items, onChange }: { title: string; items: LegacyItem[]; onChange: (items: LegacyItem[]) => void }) {
  const catalog = useCatalog();
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hits = useMemo(() => {
    const found = searchCatalog(catalog.data?.seasons ?? [], query);
    const seasons: LegacyItem[] = found.seasons.map((s) => ({ id: s.id, name: s.name, imageUrl: s.logoUrl, isSeason: true, seasonId: s.id, seasonName: s.name }));
    const people: LegacyItem[] = found.contestants.map(({ contestant: c, season: s }) => ({
      id: c.id,
      name: c.name,
      imageUrl: c.imageUrl,
      isSeason: false,
      seasonId: s.id,
      seasonName: s.name,
    }));
    return [...seasons, ...people].slice(0, HITS);
  }, [catalog.data, query]);

  function move(from: number, to: number) {
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange(next);
  }

  function add(item: LegacyItem) {
    if (items.some((it) => it.id === item.id)) return; // repeats are ignored, as in the creator
    if (items.length > 0 && items[0]!.isSeason !== item.isSeason) {
      setProblem(MIXED);
      return;
    }
    setProblem(null);
    onChange([...items, item]);
  }

  return (
    <LegacyListCard
      title={title}
      items={items}
      row={(item, i) => (
        <>
          <span className={styles.itemText}>
            <span className={styles.itemName}>{itemLabel(item)}</span>
          </span>
          <span className={styles.itemActions}>
            <button type="button" className={styles.iconButton} aria-label={`Move ${itemLabel(item)} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
              ↑
            </button>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={`Move ${itemLabel(item)} down`}
              disabled={i === items.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </button>
            <button type="button" className={styles.iconButton} aria-label={`Remove ${itemLabel(item)}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
              ✕
            </button>
          </span>
        </>
      )}
    >
      <SearchField label={`Add to ${title}`} placeholder={MESSAGES.legacyAddPlaceholder} value={query} onChange={setQuery} />
      {hits.length > 0 && (
        <ul className={styles.hits} aria-label={`Matches to add to ${title}`}>
          {hits.map((hit) => (
            <li key={`${hit.isSeason ? 's' : 'c'}-${hit.id}`}>
              <button type="button" className={page.buttonGhost} onClick={() => add(hit)}>
                Add {itemLabel(hit)}
                {!hit.isSeason && <span className={styles.itemMeta}> · {stripSurvivorPrefix(hit.seasonName)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </LegacyListCard>
  );
}

/** The three lists under edit; Save sends them whole and says whether it worked. */
export function LegacyEditor({ initial, onDone }: { initial: LegacyLists; onDone: (saved: boolean) => void }) {
  const [lists, setLists] = useState<LegacyLists>(initial);
  const save = useSaveLegacy();
  const set = (key: LegacyKey) => (items: LegacyItem[]) => setLists((l) => ({ ...l, [key]: items }));
  return (
    <form
      className={styles.editor}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(lists, { onSuccess: () => onDone(true) });
      }}
    >
      <div className={styles.lists}>
        {LEGACY_LISTS.map((l) => (
          <ListEditor key={l.key} title={l.title} items={lists[l.key]} onChange={set(l.key)} />
        ))}
      </div>
      <ErrorLine request={save} fallback={SAVE_FAILED} className={ui.errorBanner} />
      <div className={page.actions}>
        <button type="submit" className={page.button} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={page.buttonGhost} disabled={save.isPending} onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
