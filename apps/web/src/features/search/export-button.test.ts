import { MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { exportErrorText, formatBytes } from './export-button';

describe('Excel export feedback', () => {
  it('says the server refusal in its own words, anything else with the generic message', () => {
    expect(exportErrorText(new ApiError(400, { Message: MSG.search.tooManyRows('2.000.000') }, false))).toBe(MSG.search.tooManyRows('2.000.000'));
    expect(exportErrorText(new ApiError(500, null, false))).toBe(MSG.search.exportFailed);
    expect(exportErrorText(new TypeError('network'))).toBe(MSG.search.exportFailed);
  });

  it('shows the bytes received in words', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(340 * 1024)).toBe('340 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1,3 MB');
  });
});
