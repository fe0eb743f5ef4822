import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { MESSAGES } from '../../api/contract';
import { queryKeys } from '../../api/queryKeys';
import type { Me } from '../../lib/session';
import { ErrorLine } from '../../components/Failure';
import form from '../../components/DialogForm.module.css';
import page from '../../components/Page.module.css';
import styles from './Auth.module.css';

/** The account page's 'Notifications': whether a list published by a fan you follow lands in the inbox. */
export function NotificationSettings({ user, titleClass }: { user: Me; titleClass?: string }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => request(() => api.PATCH('/api/me/settings', { body: { notifyFollowedLists: on } }), MESSAGES.settingsFailed),
    onMutate: (on) => queryClient.setQueryData<Me>(queryKeys.me, (me) => (me ? { ...me, notifyFollowedLists: on } : me)),
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
  return (
    <section className={page.section} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={titleClass}>
        Notifications
      </h2>
      <label className={styles.checkRow}>
        <input type="checkbox" checked={user.notifyFollowedLists} onChange={(e) => save.mutate(e.target.checked)} disabled={save.isPending} />
        Tell me when a fan I follow publishes a list
      </label>
      <p className={form.hint}>{MESSAGES.notificationsAlways}</p>
      <ErrorLine request={save} fallback={MESSAGES.settingsFailed} className={form.error} />
    </section>
  );
}
