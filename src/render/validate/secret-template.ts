/**
 * A Secret's `data` and `stringData` checked before anything is sent: an API server refuses a
 * mistyped value with an error that quotes it, so a Secret it would refuse never leaves the
 * repository. No message here shows a value, only the key.
 */
import { isRecord } from '../../model/index.ts';
import { error, type IssueSink } from './issues.ts';
import { jsonType } from './walk.ts';

/**
 * Go's `encoding/json` decodes `[]byte` with the padded standard alphabet and skips CR and LF,
 * so that is what a member accepts in `data`.
 */
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function checkValues(obj: Record<string, unknown>, field: 'data' | 'stringData', out: IssueSink): void {
  const values = obj[field];
  if (values === undefined || values === null) return;
  if (!isRecord(values)) {
    error(out, [field], `must be of type object, got ${jsonType(values)}`);
    return;
  }
  for (const [key, value] of Object.entries(values)) {
    if (value === null) continue;
    if (typeof value !== 'string') {
      error(
        out,
        [field, key],
        `must be of type string, got ${jsonType(value)} (quote the value; it is not shown here)`,
      );
    } else if (field === 'data' && !BASE64.test(value.replace(/[\r\n]/g, ''))) {
      error(
        out,
        [field, key],
        'Invalid value: must be base64-encoded (the value is not shown; use stringData for plain text)',
      );
    }
  }
}

export function checkSecret(obj: Record<string, unknown>, out: IssueSink): void {
  checkValues(obj, 'data', out);
  checkValues(obj, 'stringData', out);
}
