// The follow-ups of a case (event spec §2.3 'Seguimiento', 'Eventos de Seguimiento').
export { FollowUpEventsTab, FollowUpsTab } from './follow-ups-tab';
export { FollowUpsModal, type FollowUpsModalProps } from './follow-ups-modal';
