import { firstPublicFormStep, PUBLIC_FORM_STEP, showsBackButton } from '@atalaya/domain';
import { Alert, Box, Button, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Captcha } from '../../shared/captcha';
import { homeCodiguerasQuery, postPublicReport, postUserReport, type HomeCodigueras } from './api';
import { emptyReport, toPayload, type ReportFormValues } from './form-values';
import { PrivacyTermsModal } from './privacy-terms-modal';
import classes from './public-report.module.css';
import { stepResolver } from './step-resolver';
import { STEP_TITLES, stepProgress } from './steps';
import { ConcomitantsStep } from './steps/concomitants-step';
import { ContactInformationStep } from './steps/contact-information-step';
import { MedicalContactStep } from './steps/medical-contact-step';
import { PatientStep } from './steps/patient-step';
import { ReactionsStep } from './steps/reactions-step';
import { ReportTypeStep } from './steps/report-type-step';
import { ReviewStep } from './steps/review-step';
import { SuspectDrugsStep } from './steps/suspect-drugs-step';
import { ThanksStep } from './steps/thanks-step';

export interface ReportFormProps {
  isMedic: boolean;
  onClose(): void;
  /** Signed-in variant (CL): posts to postreporthomeusuario without captcha; the user's e-mail is prefilled. */
  signedInEmail?: string | undefined;
}

/** The nearest ancestor that scrolls its content (the modal's content box), if any. */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) return box;
  }
  return null;
}

/** The nine steps (platform spec §2 'Public report form', §4 states, §5 rules). */
export function ReportForm({ isMedic, onClose, signedInEmail }: ReportFormProps) {
  const lists = useQuery(homeCodiguerasQuery);
  if (lists.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="No pudimos cargar el formulario">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Compruebe su conexión e intente nuevamente.</Text>
          <Button variant="light" color="red" onClick={() => void lists.refetch()}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!lists.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando formulario" />
      </Center>
    );
  }
  return <ReportSteps isMedic={isMedic} onClose={onClose} signedInEmail={signedInEmail} lists={lists.data} />;
}

function ReportSteps({ isMedic, onClose, signedInEmail, lists }: ReportFormProps & { lists: HomeCodigueras }) {
  const [step, setStep] = useState(firstPublicFormStep(isMedic));
  const [termsOpened, setTermsOpened] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const signedIn = signedInEmail !== undefined;

  const form = useForm<ReportFormValues>({
    defaultValues: emptyReport(isMedic, signedInEmail ?? ''),
    resolver: stepResolver,
    context: { step },
    reValidateMode: 'onChange',
  });

  // Each step opens at its title and progress bar: the modal's scrolling box goes back to the
  // top (scrolling the title into view would leave it under the modal's sticky header).
  useLayoutEffect(() => {
    const box = topRef.current && scrollingAncestor(topRef.current);
    if (box) box.scrollTop = 0;
  }, [step]);

  const next = form.handleSubmit(() => setStep(step + 1));

  const back = () => {
    form.clearErrors();
    setStep(step - 1);
  };

  const send = async () => {
    setSending(true);
    try {
      const payload = toPayload(form.getValues());
      const created = signedIn ? await postUserReport(payload) : await postPublicReport(payload, captcha ?? '');
      setReference(created.Reference);
      setStep(PUBLIC_FORM_STEP.THANKS);
    } catch {
      // Public: the API client has shown the error notice; a fresh robot check is needed.
      // Signed in: the failure only stops the loading state (platform spec §8).
      if (!signedIn) {
        setCaptcha(null);
        setCaptchaKey((key) => key + 1);
      }
    } finally {
      setSending(false);
    }
  };

  if (step === PUBLIC_FORM_STEP.THANKS && reference) return <ThanksStep reference={reference} onClose={onClose} />;

  const { position, total } = stepProgress(step, isMedic);
  const canSend = signedIn || captcha !== null;

  return (
    <FormProvider {...form}>
      <div ref={topRef} />
      <Box className={classes.progress} role="group" aria-label="Progreso del reporte">
        <Group justify="space-between" mb={6} wrap="nowrap">
          <Text fw={650} size="md" c="dark.7">
            {STEP_TITLES[step]}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Paso {position} de {total}
          </Text>
        </Group>
        <Progress value={(position / total) * 100} color="magenta.6" size="sm" radius="xl" aria-label={`Paso ${position} de ${total}`} />
      </Box>

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step < PUBLIC_FORM_STEP.REVIEW) void next();
        }}
      >
        <Box py="md">
          {step === PUBLIC_FORM_STEP.REPORT_TYPE ? <ReportTypeStep lists={lists} /> : null}
          {step === PUBLIC_FORM_STEP.PATIENT ? <PatientStep lists={lists} isMedic={isMedic} /> : null}
          {step === PUBLIC_FORM_STEP.REACTIONS ? <ReactionsStep lists={lists} isMedic={isMedic} /> : null}
          {step === PUBLIC_FORM_STEP.SUSPECT_DRUGS ? <SuspectDrugsStep lists={lists} /> : null}
          {step === PUBLIC_FORM_STEP.CONCOMITANTS ? <ConcomitantsStep lists={lists} isMedic={isMedic} /> : null}
          {step === PUBLIC_FORM_STEP.MEDICAL_CONTACT ? <MedicalContactStep isMedic={isMedic} /> : null}
          {step === PUBLIC_FORM_STEP.CONTACT_INFORMATION ? (
            <ContactInformationStep lists={lists} isMedic={isMedic} onOpenTerms={() => setTermsOpened(true)} />
          ) : null}
          {step === PUBLIC_FORM_STEP.REVIEW ? (
            <ReviewStep lists={lists}>
              {signedIn ? null : <Captcha key={captchaKey} onChange={setCaptcha} />}
            </ReviewStep>
          ) : null}
        </Box>

        <Group justify="space-between" className={classes.footer} wrap="nowrap">
          {showsBackButton(step, isMedic) ? (
            <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={back} disabled={sending}>
              Anterior
            </Button>
          ) : (
            <span />
          )}
          {step < PUBLIC_FORM_STEP.REVIEW ? (
            <Button type="submit" rightSection={<IconArrowRight size={18} />}>
              Siguiente
            </Button>
          ) : (
            <Button color="magenta.7" leftSection={<IconSend size={18} />} onClick={() => void send()} loading={sending} disabled={!canSend}>
              Enviar reporte
            </Button>
          )}
        </Group>
      </form>
      <PrivacyTermsModal opened={termsOpened} onClose={() => setTermsOpened(false)} />
    </FormProvider>
  );
}
