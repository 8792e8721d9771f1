import type { ScheduledBinding, SourceObject } from '../../model/index.ts';
import type { Claim } from '../detect/detect.ts';

/** A template with the detector's claim and, when claimed, its scheduled binding. */
export interface TemplateBinding {
  template: SourceObject;
  claim: Claim;
  /** Null when no policy claims the template or the claim cannot take effect. */
  binding: ScheduledBinding | null;
}
