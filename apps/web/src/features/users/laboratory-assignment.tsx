import type { UserFilters, UserLaboratory } from '@atalaya/domain';
import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Paper, Select, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingFactory2, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { showNotice } from '../../shared/notices';
import { ListError } from '../../shared/list';
import { FIELD_COMBOBOX_PROPS } from '../../shared/form';
import { companiesQuery, laboratoriesQuery, useDeleteLaboratoryUser, useSetLaboratoryUser } from './api';
import { assignmentRequest, assignmentSummary, canAssign, EMPTY_ASSIGNMENT, visibleCompanies, type AssignmentDraft } from './user-logic';

/** The user's grants, each with what it covers; `onRemove` when they can be removed. */
export function GrantList({ grants, onRemove, removing }: { grants: readonly UserLaboratory[]; onRemove?(grant: UserLaboratory): void; removing?: number | null }) {
  if (grants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin laboratorios asignados.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} aria-label="Laboratorios asignados" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {grants.map((grant) => (
        <Paper component="li" key={grant.Id} withBorder radius="sm" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <IconBuildingFactory2 size={18} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text size="sm">{grant.Description}</Text>
            </Group>
            {onRemove ? (
              <Tooltip label="Quitar">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Quitar ${grant.Description}`}
                  loading={removing === grant.Id}
                  onClick={() => onRemove(grant)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export interface LaboratoryAssignmentProps {
  userId: string;
  grants: readonly UserLaboratory[];
  lists: UserFilters | undefined;
}

/**
 * The laboratory assignment of a user (platform spec §2, §5 'Laboratory assignment'; the four
 * kinds of grant of `setLaboratoryUserSchema`): the grants with a remove action, and the pickers
 * country → company → the company's laboratories (ticked when granted), or 'Todos los
 * laboratorios', which hides them. 'Asignar' is enabled with a country, a company or 'all'.
 */
export function LaboratoryAssignment({ userId, grants, lists }: LaboratoryAssignmentProps) {
  const [draft, setDraft] = useState<AssignmentDraft>(EMPTY_ASSIGNMENT);
  const companies = useQuery(companiesQuery(draft.all ? null : draft.country));
  const laboratories = useQuery(laboratoriesQuery(draft.all ? null : draft.company, userId));
  const assign = useSetLaboratoryUser();
  const remove = useDeleteLaboratoryUser();

  // The ticks start from the server's (the user's current grants of each laboratory).
  useEffect(() => {
    if (laboratories.data) setDraft((current) => ({ ...current, laboratories: laboratories.data.map(({ Id, Checked }) => ({ Id, Checked })) }));
  }, [laboratories.data]);
  // Another user starts from empty pickers.
  useEffect(() => setDraft(EMPTY_ASSIGNMENT), [userId]);

  const companyOptions = useMemo(() => visibleCompanies(companies.data ?? []).map((company) => ({ value: String(company.Id), label: company.Name })), [companies.data]);
  const countryName = lists?.Paises.find((country) => country.Codigo === draft.country)?.Nombre;
  const companyName = companyOptions.find((option) => option.value === String(draft.company))?.label;
  const summary = assignmentSummary(draft, { country: countryName, company: companyName });

  const submit = () => {
    const body = assignmentRequest(userId, draft);
    if (!body) return;
    assign.mutate(body, {
      onSuccess: () => {
        showNotice({ kind: 'success', title: 'Laboratorios asignados', message: summary?.replace('Se asignarán', 'Se asignaron').replace('se quitarán', 'se quitaron') ?? '' });
      },
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="laboratorios-usuario">
      <Title order={3} fz="lg" id="laboratorios-usuario">
        Laboratorios
      </Title>
      <GrantList
        grants={grants}
        removing={remove.isPending ? (remove.variables?.grantId ?? null) : null}
        onRemove={(grant) =>
          remove.mutate(
            { userId, grantId: grant.Id },
            { onSuccess: () => showNotice({ kind: 'success', title: 'Laboratorio quitado', message: grant.Description }) },
          )
        }
      />

      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Asignar laboratorios
          </Text>
          <Switch
            label="Todos los laboratorios"
            checked={draft.all}
            onChange={(event) => {
              const all = event.currentTarget.checked;
              setDraft((current) => ({ ...current, all }));
            }}
          />
          {draft.all ? null : (
            <>
              <Select
                label="País"
                placeholder="Seleccionar..."
                searchable
                clearable
                nothingFoundMessage="Sin resultados"
                comboboxProps={FIELD_COMBOBOX_PROPS}
                data={(lists?.Paises ?? []).map((country) => ({ value: country.Codigo, label: country.Nombre }))}
                value={draft.country}
                onChange={(country) => setDraft({ ...EMPTY_ASSIGNMENT, country })}
              />
              {draft.country === null ? null : (
                <Select
                  label="Compañía"
                  placeholder="Todas las compañías del país"
                  searchable
                  clearable
                  nothingFoundMessage="Sin compañías"
                  comboboxProps={FIELD_COMBOBOX_PROPS}
                  data={companyOptions}
                  rightSection={companies.isFetching ? <Loader size="xs" /> : undefined}
                  value={draft.company === null ? null : String(draft.company)}
                  onChange={(company) => setDraft((current) => ({ ...current, company: company === null ? null : Number(company), wholeCompany: false, laboratories: [] }))}
                />
              )}
              {draft.company === null ? null : (
                <Stack gap={6}>
                  <Checkbox
                    label="Toda la compañía (también sus laboratorios futuros)"
                    checked={draft.wholeCompany}
                    onChange={(event) => {
                      const wholeCompany = event.currentTarget.checked;
                      setDraft((current) => ({ ...current, wholeCompany }));
                    }}
                  />
                  {laboratories.isError && !laboratories.data ? (
                    <ListError message="No se pudieron cargar los laboratorios." onRetry={() => void laboratories.refetch()} />
                  ) : laboratories.isPending ? (
                    <Loader size="sm" role="status" aria-label="Cargando laboratorios" />
                  ) : (
                    <Checkbox.Group
                      label="Laboratorios de la compañía"
                      value={draft.laboratories.filter((laboratory) => laboratory.Checked).map((laboratory) => String(laboratory.Id))}
                      onChange={(ticked) =>
                        setDraft((current) => ({ ...current, laboratories: current.laboratories.map((laboratory) => ({ ...laboratory, Checked: ticked.includes(String(laboratory.Id)) })) }))
                      }
                    >
                      <Stack gap={6} mt={6}>
                        {(laboratories.data ?? []).map((laboratory) => (
                          <Checkbox key={laboratory.Id} value={String(laboratory.Id)} label={laboratory.Name} disabled={draft.wholeCompany} />
                        ))}
                        {laboratories.data?.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            La compañía no tiene laboratorios.
                          </Text>
                        ) : null}
                      </Stack>
                    </Checkbox.Group>
                  )}
                </Stack>
              )}
            </>
          )}
          {summary ? (
            <Alert variant="light" color="teal" p="xs">
              <Text size="sm">{summary}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={submit} disabled={!canAssign(draft)} loading={assign.isPending}>
              Asignar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
