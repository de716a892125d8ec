import { List, Modal, Stack, Text, Title } from '@mantine/core';

/** 'Solicitar una cuenta': there is no self-registration; staff ask their company's pharmacovigilance officer. */
export function AccountRequestModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={
        <Title order={2} fz="lg" c="teal.9">
          Solicitar una cuenta
        </Title>
      }
    >
      <Stack gap="sm">
        <Text>
          Las cuentas de Atalaya son para el personal de las compañías del grupo. No hay registro abierto: cada usuario lo
          crea el administrador, con el rol y los laboratorios que le corresponden.
        </Text>
        <Text fw={600}>Para obtener una cuenta:</Text>
        <List type="ordered" spacing="xs">
          <List.Item>Escriba al responsable de farmacovigilancia de su compañía en su país.</List.Item>
          <List.Item>Indique su nombre, su correo corporativo, su país y su función.</List.Item>
          <List.Item>Recibirá un correo para definir su contraseña cuando su usuario esté creado.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Para reportar una reacción adversa no necesita una cuenta: use el botón «Reportar».
        </Text>
      </Stack>
    </Modal>
  );
}
