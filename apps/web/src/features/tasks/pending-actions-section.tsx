import { erStatusName, type ErListRow, type PageRequest, type Role } from '@atalaya/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showNotice } from '../../shared/notices';
import { CommentConfirmModal, PagedList } from '../../shared/list';
import { CommentsModal } from '../case-workflow';
import { useAnnulCase, type CaseRef } from '../cases';
import { FollowUpsModal } from '../follow-up';
import { workflowListQuery } from './api';
import { CaseRowActions } from './case-row-actions';
import { TaskSection } from './task-section';

export const PENDING_ACTIONS_TITLE = 'Mis acciones pendientes';

export interface PendingActionsSectionProps {
  role: Role;
  /** The page shown: its number and where it starts (keyset paging). */
  page: PageRequest;
  onPageRequest(request: PageRequest): void;
}

const refOf = (row: ErListRow): CaseRef => ({ Meta: row.Meta, NumeroReferencia: row.NumeroReferencia });

/** "Mis acciones pendientes": the cases waiting on the user (workflow.md), 15 a page. */
export function PendingActionsSection({ role, page, onPageRequest }: PendingActionsSectionProps) {
  const list = useQuery(workflowListQuery(page));
  const [commentsOf, setCommentsOf] = useState<CaseRef | null>(null);
  const [followUpsOf, setFollowUpsOf] = useState<CaseRef | null>(null);
  const [annulling, setAnnulling] = useState<CaseRef | null>(null);

  const annul = useAnnulCase();
  /** Refused or done, the hook asks the lists again (another user may have moved the case). */
  const annulCase = async (event: CaseRef, comment: string) => {
    await annul.mutateAsync({ meta: event.Meta, comment });
    showNotice({ kind: 'success', title: 'Evento anulado', message: `El evento ${event.NumeroReferencia} quedó ${erStatusName(11)}` });
    setAnnulling(null);
  };

  return (
    <TaskSection title={PENDING_ACTIONS_TITLE} total={list.data}>
      <PagedList
        variant="work"
        label={PENDING_ACTIONS_TITLE}
        things="eventos reportables"
        result={list.data}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        onPageRequest={onPageRequest}
        rowActions={(row) => (
          <CaseRowActions
            row={row}
            role={role}
            onComments={(item) => setCommentsOf(refOf(item))}
            onFollowUps={(item) => setFollowUpsOf(refOf(item))}
            onAnnul={(item) => setAnnulling(refOf(item))}
          />
        )}
      />
      <CommentsModal event={commentsOf} onClose={() => setCommentsOf(null)} />
      <FollowUpsModal event={followUpsOf} onClose={() => setFollowUpsOf(null)} />
      <CommentConfirmModal
        opened={annulling !== null}
        title="Anular evento reportable"
        message={`¿Está seguro que desea anular el evento ${annulling?.NumeroReferencia ?? ''}? Un evento anulado queda de solo lectura.`}
        confirmLabel="Anular"
        onConfirm={async (comment) => {
          if (annulling) await annulCase(annulling, comment);
        }}
        onClose={() => setAnnulling(null)}
      />
    </TaskSection>
  );
}

