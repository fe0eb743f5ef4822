import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import type { FlashState } from '../../lib/flash';
import { ReportDialog } from './ReportDialog';
import { MESSAGES } from '../../api/contract';

export const LIST_REPORTED = MESSAGES.listReportedThanks;

/** 'Report' on someone else's list: once sent, the reader leaves the list for the browse page. */
export function ReportListButton({ userId, listId, className }: { userId: string; listId: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function reported() {
    setOpen(false);
    queryClient.removeQueries({ queryKey: queryKeys.lists.detail(userId, listId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    void navigate('/rankings', { state: { notice: LIST_REPORTED } satisfies FlashState });
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <FlagIcon />
        <span>Report</span>
      </button>
      {open && <ReportDialog subject={{ targetType: 'list', userId, listId }} onClose={() => setOpen(false)} onReported={reported} />}
    </>
  );
}

function FlagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M5 21V4h11l-1.5 4L16 12H7v9z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
