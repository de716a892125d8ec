import { isBooleanSetting, MSG, SETTING_GROUPS, settingChoices, type Setting } from '@atalaya/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { errorMessage } from '../../shared/api';
import { PasswordField, schemaResolver, SelectField, SwitchField, TextField, type YesNoCodec } from '../../shared/form';
import { FullPageLoader, LoadErrorPanel, Page } from '../../shared/layout';
import { showNotice } from '../../shared/notices';
import { settingsQuery, useTestMail, useUpdateSettings } from './api';
import { E2bReceiversPanel } from './e2b-receivers';
import { changedValues, formValues, isWriteOnly, settingsFormSchema, type SettingsForm } from './form';

/** A boolean setting is held as the text 'true' / 'false'. */
const TRUE_FALSE: YesNoCodec<'true' | 'false'> = { yes: 'true', no: 'false' };

interface FieldProps {
  setting: Setting;
  index: number;
  control: Control<SettingsForm>;
  setValue: UseFormSetValue<SettingsForm>;
  disabled: boolean;
}

/** The write-only SMTP password: blank keeps the stored one ('Sin cambios'); 'Borrar contraseña' empties it on save. */
function PasswordSetting({ setting, index, control, setValue, disabled }: FieldProps) {
  const clear = useWatch({ control, name: `fields.${index}.clear` });
  return (
    <Stack gap={4}>
      <PasswordField
        control={control}
        name={`fields.${index}.value`}
        label={setting.Description_setting}
        description={clear ? MSG.settings.passwordWillClear : setting.Has_value ? MSG.settings.passwordStored : MSG.settings.passwordNone}
        placeholder={setting.Has_value ? MSG.settings.passwordUnchanged : ''}
        autoComplete="new-password"
        disabled={disabled || clear}
      />
      {setting.Has_value ? (
        <Button
            variant="subtle"
            color={clear ? 'gray' : 'red'}
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            disabled={disabled}
            onClick={() => setValue(`fields.${index}.clear`, !clear, { shouldDirty: true })}
            style={{ alignSelf: 'flex-start' }}
          >
            {clear ? 'Conservar contraseña' : MSG.settings.passwordClear}
          </Button>
      ) : null}
    </Stack>
  );
}

/** One setting, with the input of its type: a switch, a number, an e-mail, the password or a text. */
function SettingField(props: FieldProps) {
  const { setting, index, control, disabled } = props;
  if (isWriteOnly(setting)) return <PasswordSetting {...props} />;
  const choices = settingChoices(setting.Name_setting);
  if (choices) {
    return (
      <SelectField
        control={control}
        name={`fields.${index}.value`}
        label={setting.Description_setting}
        description={setting.Name_setting}
        data={choices}
        clearable={false}
        allowDeselect={false}
        disabled={disabled}
      />
    );
  }
  const name = `fields.${index}.value` as const;
  if (isBooleanSetting(setting)) {
    return <SwitchField control={control} name={name} label={setting.Description_setting} description={setting.Name_setting} codec={TRUE_FALSE} disabled={disabled} mt="xs" />;
  }
  return (
    <TextField
      control={control}
      name={name}
      label={setting.Description_setting}
      description={setting.Name_setting}
      type={setting.Type_value === 'email' ? 'email' : setting.Type_value === 'url' ? 'url' : 'text'}
      inputMode={setting.Type_value === 'number' ? 'numeric' : undefined}
      disabled={disabled}
    />
  );
}

/** 'Probar envío': a test mail through the stored SMTP settings, to the ADMIN or to the address typed. */
function TestMail({ dirty }: { dirty: boolean }) {
  const [to, setTo] = useState('');
  const test = useTestMail();
  function run() {
    if (dirty) {
      showNotice({ kind: 'info', title: MSG.settings.testMail, message: MSG.settings.unsavedChanges });
      return;
    }
    test.mutate(
      { To: to.trim() },
      { onSuccess: (result) => showNotice({ kind: result.Sent ? 'success' : 'warning', title: MSG.settings.testMail, message: result.Message }) },
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput label={MSG.settings.testMailTo} type="email" value={to} onChange={(event) => setTo(event.currentTarget.value)} style={{ flex: '1 1 16rem' }} maxLength={254} />
      <Button variant="light" leftSection={<IconMailForward size={16} />} loading={test.isPending} onClick={run}>
        {MSG.settings.testMail}
      </Button>
    </Group>
  );
}

function SettingsFormView({ settings }: { settings: Setting[] }) {
  const update = useUpdateSettings();
  const resolver = useMemo(() => schemaResolver<SettingsForm>(settingsFormSchema(settings), (values) => values), [settings]);
  const { control, handleSubmit, reset, setValue, formState } = useForm<SettingsForm>({ defaultValues: formValues(settings), resolver });
  useEffect(() => reset(formValues(settings)), [settings, reset]);

  async function save(form: SettingsForm) {
    const values = changedValues(settings, form);
    if (values.length === 0) {
      showNotice({ kind: 'info', title: MSG.settings.noChanges, message: '' });
      return;
    }
    try {
      const changed = await update.mutateAsync({ values });
      if (changed.length === 0) showNotice({ kind: 'info', title: MSG.settings.noChanges, message: '' });
      else showNotice({ kind: 'success', title: MSG.settings.updated, message: changed.join(', ') });
    } catch (error) {
      showNotice({ kind: 'error', title: MSG.settings.failed, message: errorMessage(error) });
    }
  }

  const saving = formState.isSubmitting;
  const groups = SETTING_GROUPS.map((group) => ({ ...group, items: settings.map((setting, index) => ({ setting, index })).filter(({ setting }) => setting.Group_setting === group.key) })).filter(
    (group) => group.items.length > 0,
  );
  // A group the code does not know still shows, after the known ones.
  const unknown = settings.map((setting, index) => ({ setting, index })).filter(({ setting }) => !SETTING_GROUPS.some((group) => group.key === setting.Group_setting));

  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate>
      <Stack gap="lg" maw={900}>
        {[...groups, ...(unknown.length > 0 ? [{ key: 'otros', label: 'Otros', editable: true, items: unknown }] : [])].map((group) => {
          const readOnly = group.items.every(({ setting }) => setting.Read_only);
          return (
            <Paper key={group.key} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={`grupo-${group.key}`}>
              <Stack gap="md">
                <Title order={2} fz="lg" id={`grupo-${group.key}`}>
                  {group.label}
                </Title>
                {readOnly ? (
                  <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} p="xs">
                    {MSG.settings.readOnlyNote}
                  </Alert>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  {group.items.map(({ setting, index }) => (
                    <SettingField key={setting.Name_setting} setting={setting} index={index} control={control} setValue={setValue} disabled={saving || setting.Read_only} />
                  ))}
                </SimpleGrid>
                {group.key === 'SMTP' ? <TestMail dirty={formState.isDirty} /> : null}
              </Stack>
            </Paper>
          );
        })}
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {formState.isDirty ? 'Hay cambios sin guardar' : ''}
          </Text>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
            {MSG.settings.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/settings` ('Configuración', ADMIN): the settings grouped by group (platform spec §2). */
export function SettingsPage() {
  const query = useQuery(settingsQuery());
  return (
    <Page title={MSG.settings.title}>
      {query.isPending ? <FullPageLoader label="Cargando configuración" /> : null}
      {query.isError ? <LoadErrorPanel title="No se pudo cargar la configuración" onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <Stack gap="lg">
          <SettingsFormView settings={query.data} />
          <E2bReceiversPanel />
        </Stack>
      ) : null}
    </Page>
  );
}
