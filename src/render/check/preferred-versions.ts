/**
 * Warnings where Karmada's detector sees a built-in kind at another version than the one written
 * (docs/karmada-compatibility.md#kinds-at-their-preferred-version): a template written at a version
 * that is not its kind's preferred one is selected as the preferred one, and a selector naming such
 * a version selects nothing.
 */
import type { Diagnostic, ResourceSelector } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import { detectedApiVersion, detectedApiVersionOf } from '../match/preferred-version.ts';
import type { FleetLocator } from './locate.ts';

/** The warning for a template written at a version the detector does not see it at. */
export function convertedTemplates(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const template of fleet.templates) {
    const written = template.object.apiVersion;
    const seen = detectedApiVersionOf(template.object);
    if (seen === written) continue;
    const message = `written as ${written}; Karmada's detector sees every ${template.object.kind} at the API server's preferred version ${seen}, so resource selectors match it as ${seen} (the manifest sent stays ${written})`;
    out.push(at(template, ['apiVersion'], message));
  }
  return out;
}

/** Why a selector selects nothing when it names a version the detector never sees; else undefined. */
export function unseenSelectorVersion(selector: ResourceSelector): string | undefined {
  const seen = detectedApiVersion(selector.apiVersion, selector.kind);
  if (seen === selector.apiVersion) return undefined;
  return `selects ${selector.kind} at ${selector.apiVersion}, which Karmada's detector never sees: it sees every ${selector.kind} at the API server's preferred version ${seen}, so this selector matches nothing (select apiVersion ${seen})`;
}
