import { Modal, Text, type ModalProps } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { usePhone } from './use-media';

export interface ListModalProps extends Omit<ModalProps, 'title' | 'fullScreen'> {
  title: ReactNode;
}

/**
 * A dialog of the list screens: full-screen on a phone, a titled centred dialog otherwise.
 *
 * Escape closes only the dialog it was pressed in: Mantine listens for it on the window, so a
 * dialog opened over another (the comment of 'Descartar' over the summary) closed both. Here the
 * key is handled where it was pressed and goes no further up (React events climb out of portals
 * into the dialog below), and not while a list of options is open (Mantine marks that input).
 */
export function ListModal({ title, children, size = 'lg', closeOnEscape = true, onClose, onKeyDown, ...rest }: ListModalProps) {
  const phone = usePhone();
  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    const target = event.target as HTMLElement;
    if (closeOnEscape && target.getAttribute('data-mantine-stop-propagation') !== 'true') onClose();
  };
  return (
    <Modal
      {...rest}
      onClose={onClose}
      closeOnEscape={false}
      onKeyDown={escape}
      size={size}
      fullScreen={phone}
      radius={phone ? 0 : 'lg'}
      padding={phone ? 'md' : 'lg'}
      title={
        <Text component="span" fw={700} fz="lg" c="teal.9">
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {children}
    </Modal>
  );
}
