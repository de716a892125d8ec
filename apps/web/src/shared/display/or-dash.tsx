import { orDash } from '@atalaya/domain';

/** The value, or '---' when it is missing or blank. */
export function OrDash({ value }: { value: string | number | null | undefined }) {
  return <>{orDash(value)}</>;
}
