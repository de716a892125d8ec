import { WIZARD_STEPS, type ErEvent, type WizardStep } from '@atalaya/domain';
import { Box, Button, Group, Menu, Paper, Progress, Stack, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCheck, IconListNumbers } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useBlocker } from 'react-router';
import { LoseChangesModal } from '../../shared/layout';
import { showNotice } from '../../shared/notices';
import type { FollowUpState, LeaveResult, WizardStepHandle, WizardStepProps } from './step-contract';
import { AdditionalInfoStep } from './steps/additional-info-step';
import { AdverseEventsStep } from './steps/adverse-events-step';
import { MedicalContactStep } from './steps/medical-contact-step';
import { MedicationsStep } from './steps/medications-step';
import { OriginStep } from './steps/origin-step';
import { PatientStep } from './steps/patient-step';
import { PreviousMedicationsStep } from './steps/previous-medications-step';
import { SummaryStep } from './steps/summary-step';
import { StepLoadReport } from './step-states';
import { canSelectStep, headerDirection, LAST_STEP, resultWithoutHandle, shellMove } from './wizard-navigation';

/** The component of each step, by index (the order of WIZARD_STEPS). */
const STEP_COMPONENTS: readonly ComponentType<WizardStepProps>[] = [
  PatientStep,
  OriginStep,
  MedicationsStep,
  AdverseEventsStep,
  PreviousMedicationsStep,
  MedicalContactStep,
  AdditionalInfoStep,
  SummaryStep,
];

/** Under ~768 px the eight step headers would take ~380 px above every step: a one-line stepper instead. */
const COMPACT_STEPPER_QUERY = '(max-width: 47.99em)';

export interface WizardFlowProps {
  meta: string;
  event: ErEvent;
  /** Non-null in follow-up mode. */
  followUp: FollowUpState | null;
  initialStep: WizardStep;
}

/**
 * The eight steps of the edit wizard (event spec §2.4, §4 'Wizard progression'): a stepper
 * whose earlier headers can be clicked (the current step is left backwards: saved when valid,
 * or the loss of its changes confirmed), the next header and 'Siguiente' (the current step is
 * left forwards: saved and checked), 'Anterior'. Leaving the page while the step holds unsaved
 * changes asks the same question.
 */
export function WizardFlow({ meta, event, followUp, initialStep }: WizardFlowProps) {
  const [step, setStep] = useState<number>(initialStep);
  const [moving, setMoving] = useState<'forward' | 'back' | null>(null);
  const [confirmTarget, setConfirmTarget] = useState<number | null>(null);
  // The step's loaders and load errors on screen (step-states.tsx): while any is, it cannot be left forwards yet.
  const [unready, setUnready] = useState(0);
  const reportLoad = useCallback((shown: 1 | -1) => setUnready((count) => count + shown), []);
  const handleRef = useRef<WizardStepHandle>(null);
  const movingRef = useRef(false);
  const topRef = useRef<HTMLDivElement>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && (handleRef.current?.isDirty() ?? false),
  );

  useEffect(() => {
    // Closing or reloading the tab with unsaved changes: the browser asks its own question.
    const warn = (unload: BeforeUnloadEvent) => {
      if (handleRef.current?.isDirty()) unload.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const show = (target: number) => {
    setStep(target);
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const go = async (target: number) => {
    const direction = headerDirection(step, target);
    if (direction === null || movingRef.current || (direction === 'forward' && unready > 0)) return;
    movingRef.current = true;
    setMoving(direction);
    let result: LeaveResult;
    const handle = handleRef.current;
    // Changes a step saves when it is left are confirmed like every other save (a follow-up's
    // draft is only written by the summary's finish, which confirms its own).
    const saves = followUp === null && (handle?.isDirty() ?? false);
    try {
      result = handle ? await handle.leave(direction) : resultWithoutHandle(direction);
    } catch {
      result = 'blocked';
    } finally {
      movingRef.current = false;
      setMoving(null);
    }
    const move = shellMove(direction, result);
    if (saves && result === 'ok') showNotice({ kind: 'success', title: 'Cambios guardados', message: WIZARD_STEPS[step] ?? '' });
    if (move === 'move') show(target);
    else if (move === 'confirm') setConfirmTarget(target);
  };

  const StepComponent = STEP_COMPONENTS[step] ?? PatientStep;
  const compact = useMediaQuery(COMPACT_STEPPER_QUERY, false, { getInitialValueInEffect: false });

  return (
    <Stack gap="lg">
      <div ref={topRef} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {compact ? (
          <CompactStepper step={step} moving={moving} onSelect={(index) => void go(index)} />
        ) : (
          <Stepper active={step} onStepClick={(index) => void go(index)} size="sm" iconSize={30} wrap aria-label="Pasos del asistente">
            {WIZARD_STEPS.map((title, index) => (
              <Stepper.Step
                key={title}
                label={title}
                allowStepSelect={moving === null && canSelectStep(step, index)}
                loading={moving !== null && index === step}
                aria-current={index === step ? 'step' : undefined}
              />
            ))}
          </Stepper>
        )}
      </Paper>

      <Box component="section" aria-label={WIZARD_STEPS[step]}>
        <StepLoadReport value={reportLoad}>
          <StepComponent key={step} meta={meta} event={event} followUp={followUp} handle={handleRef} />
        </StepLoadReport>
      </Box>

      <Group justify="space-between" wrap="nowrap">
        {step > 0 ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            onClick={() => void go(step - 1)}
            loading={moving === 'back'}
            disabled={moving === 'forward'}
          >
            Anterior
          </Button>
        ) : (
          <span />
        )}
        {step < LAST_STEP ? (
          <Button rightSection={<IconArrowRight size={18} />} onClick={() => void go(step + 1)} loading={moving === 'forward'} disabled={moving === 'back' || unready > 0}>
            Siguiente
          </Button>
        ) : null}
      </Group>

      <LoseChangesModal
        opened={confirmTarget !== null}
        onCancel={() => setConfirmTarget(null)}
        onContinue={() => {
          if (confirmTarget !== null) show(confirmTarget);
          setConfirmTarget(null);
        }}
      />
      <LoseChangesModal opened={blocker.state === 'blocked'} onCancel={() => blocker.reset?.()} onContinue={() => blocker.proceed?.()} />
    </Stack>
  );
}

/**
 * The stepper of a phone: 'Paso 3 de 8 · Medicamento(s)', a progress bar, and a menu of the
 * steps that reaches the same ones as the full stepper's headers (`canSelectStep`).
 */
function CompactStepper({ step, moving, onSelect }: { step: number; moving: 'forward' | 'back' | null; onSelect(index: number): void }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" aria-live="polite" data-testid="wizard-step">
          Paso {step + 1} de {WIZARD_STEPS.length} · {WIZARD_STEPS[step]}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            {/* The accessible name holds the visible 'Pasos' (WCAG 2.5.3), then what it does. */}
            <Button size="xs" variant="default" leftSection={<IconListNumbers size={16} />} loading={moving !== null}>
              Pasos<VisuallyHidden>: ir a un paso</VisuallyHidden>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {WIZARD_STEPS.map((title, index) => (
              <Menu.Item
                key={title}
                disabled={moving !== null || !canSelectStep(step, index)}
                aria-current={index === step ? 'step' : undefined}
                leftSection={index < step ? <IconCheck size={14} aria-hidden /> : <Text size="xs" c="dimmed" span>{index + 1}</Text>}
                onClick={() => onSelect(index)}
              >
                {title}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Progress value={((step + 1) / WIZARD_STEPS.length) * 100} size="sm" aria-hidden />
    </Stack>
  );
}
