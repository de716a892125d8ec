import { Modal, Text, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from './use-media';

export interface ListModalProps extends Omit<ModalProps, 'title' | 'fullScreen'> {
  title: ReactNode;
}

/** A dialog of the list screens: full-screen on a phone, a titled centred dialog otherwise. */
export function ListModal({ title, children, size = 'lg', ...rest }: ListModalProps) {
  const phone = usePhone();
  return (
    <Modal
      {...rest}
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
