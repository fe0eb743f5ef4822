import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import type { FlashState } from '../../lib/flash';
import { Dialog } from '../../components/Dialog';
import { downloadMyData, EXPORT_FAILED } from './exportApi';
import { applySignedOut } from './authApi';
import { PasswordField } from './fields';
import type { Me } from '../../lib/session';
import page from '../../components/Page.module.css';
import form from '../../components/DialogForm.module.css';
import { MESSAGES } from '../../api/contract';
import { ErrorLine } from '../../components/Failure';

const DELETE_FAILED = MESSAGES.accountDeleteFailed;
export const ACCOUNT_DELETED = MESSAGES.accountDeleted;

/** The account page's 'Your Data': download everything, or delete the account. */
export function YourData({ user, titleClass }: { user: Me; titleClass?: string }) {
  const uid = useId();
  const [deleting, setDeleting] = useState(false);
  const download = useMutation({ mutationFn: downloadMyData });
  return (
    <section className={page.section} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className={titleClass}>
        Your Data
      </h2>
      <p className={form.hint}>{MESSAGES.exportIntro}</p>
      <div className={page.actions}>
        <button type="button" className={page.buttonGhost} onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending || undefined}>
          {download.isPending ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
      <ErrorLine request={download} fallback={EXPORT_FAILED} className={form.error} />
      <div className={form.dangerZone}>
        <h3 className={titleClass}>Delete Account</h3>
        <p className={form.hint}>{MESSAGES.deleteAccountIntro}</p>
        <div className={page.actions}>
          <button type="button" className={`${page.button} ${form.danger}`} onClick={() => setDeleting(true)}>
            Delete my account
          </button>
        </div>
      </div>
      {deleting && <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ user, onClose }: { user: Me; onClose: () => void }) {
  const uid = useId();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleted = useRef(false);
  const remove = useMutation({
    mutationFn: () => request(() => api.DELETE('/api/me', { body: { confirm: typed, ...(user.hasPassword ? { password } : {}) } }), DELETE_FAILED),
    onSuccess: () => {
      deleted.current = true;
      void navigate('/', { replace: true, state: { notice: ACCOUNT_DELETED } satisfies FlashState });
    },
  });
  // Forget the user once the account page is gone: signed out while it still shows, its
  // guard would send the browser to /login instead of '/'.
  useEffect(
    () => () => {
      if (deleted.current) applySignedOut(queryClient);
    },
    [queryClient],
  );
  const ready = typed === user.displayName && (!user.hasPassword || password !== '');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (ready && !remove.isPending) remove.mutate();
  }

  return (
    <Dialog labelledBy={`${uid}-title`} onClose={onClose}>
      <h2 id={`${uid}-title`} className={form.dialogTitle}>
        {MESSAGES.deleteAccountQuestion}
      </h2>
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <p className={form.hint}>
          {MESSAGES.deleteAccountEffects}
        </p>
        <label htmlFor={`${uid}-name`}>
          Type your display name, <strong>{user.displayName}</strong>, to confirm
        </label>
        <input id={`${uid}-name`} className={form.input} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
        {user.hasPassword && (
          <PasswordField id={`${uid}-password`} label="Your Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        )}
        <ErrorLine request={remove} fallback={DELETE_FAILED} className={form.error} />
        <div className={form.buttons}>
          <button type="button" className={page.buttonGhost} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={`${page.button} ${form.danger}`} disabled={!ready || remove.isPending} aria-busy={remove.isPending || undefined}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
