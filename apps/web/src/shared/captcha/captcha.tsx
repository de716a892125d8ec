import 'altcha';
import 'altcha/i18n/es-419';
import type {} from 'altcha/types/react';
import { authApi } from '@atalaya/domain';
import { Box, Text } from '@mantine/core';
import { useEffect, useRef, type CSSProperties } from 'react';
import { urlOf } from '../api';
import classes from './captcha.module.css';

/** `GET /api/captcha`: where the widget asks for its challenge. */
const CHALLENGE_URL = urlOf(authApi.captcha, {});

export interface CaptchaProps {
  /** The solved payload (for the `recaptcha-token` header), or null when unsolved, expired or failed. */
  onChange(payload: string | null): void;
  /** A validation message shown under the widget. */
  error?: string | undefined;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

const THEME = {
  '--altcha-color-primary': 'var(--mantine-primary-color-filled)',
  '--altcha-color-success': 'var(--mantine-color-teal-8)',
  '--altcha-color-error': 'var(--mantine-color-red-7)',
  '--altcha-border-color': 'var(--mantine-color-gray-4)',
  '--altcha-border-radius': 'var(--mantine-radius-md)',
  '--altcha-checkbox-border-radius': 'var(--mantine-radius-sm)',
  '--altcha-max-width': '100%',
} as CSSProperties;

/**
 * The self-hosted ALTCHA robot check (`GET /api/captcha`). A solution is accepted once by the
 * server: after using one, remount the widget (change its React `key`) for a fresh challenge.
 */
export function Captcha({ onChange, error }: CaptchaProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const handle = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', handle);
    return () => {
      widget.removeEventListener('statechange', handle);
      onChangeRef.current(null);
    };
  }, []);

  return (
    <Box className={classes.root}>
      <altcha-widget ref={ref} challenge={CHALLENGE_URL} language="es-419" name="altcha" style={THEME} />
      {error ? (
        <Text c="red.7" size="xs" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
