// The workflow of a case (event spec §2.3, §4): the actions bar, deleting a case, its history.
export { EventActionsBar } from './actions-bar';
export { DeleteCaseButton } from './delete-case-button';
export { OperationsTab } from './operations-tab';
export { CommentsModal, type CommentsModalProps } from './comments-modal';
