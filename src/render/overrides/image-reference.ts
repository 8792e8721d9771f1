/**
 * Container image references as Karmada's imageparser sees them (pkg/util/imageparser): the
 * distribution/reference v3 grammar **without** normalisation (`nginx` stays `nginx`), a hostname
 * split that only takes the first component when it looks like a registry, and the tag / digest
 * rules of `SetTagOrDigest` (docs/karmada-compatibility.md#the-overriders).
 */

/** The parts Karmada edits; a reference with both a tag and a digest keeps only the tag. */
export interface ImageComponents {
  hostname: string;
  repository: string;
  tag: string;
  digest: string;
}

const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[(?:[a-fA-F0-9:]+)\\])`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';
const ANCHORED_PATH_COMPONENT = new RegExp(`^${PATH_COMPONENT}$`);
const ANCHORED_DOMAIN_AND_PORT = new RegExp(`^${HOST}(?::[0-9]+)?$`);
const ANCHORED_TAG = new RegExp(`^${TAG}$`);
const ANCHORED_DIGEST = new RegExp(`^${DIGEST}$`);
const NAME_TOTAL_LENGTH_MAX = 255;

/** go-digest's registered algorithms (Karmada imports crypto/sha256 and crypto/sha512). */
const DIGEST_HEX_LENGTH: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 };

function digestProblem(digest: string): string | undefined {
  const colon = digest.indexOf(':');
  const algorithm = digest.slice(0, colon);
  const encoded = digest.slice(colon + 1);
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (length === undefined) return 'unsupported digest algorithm';
  if (encoded.length !== length) return 'invalid checksum digest length';
  return /^[a-f0-9]+$/.test(encoded) ? undefined : 'invalid checksum digest format';
}

/**
 * distribution's ReferenceRegexp, `^(name)(?::(tag))?(?:@(digest))?$`, taken apart by hand: a
 * name's components cannot hold `:` or `@`, so the digest follows the first `@` and the tag the
 * last `:` after the last `/`. The single regular expression backtracks badly on long names.
 */
function splitReference(image: string): { name: string; tag: string; digest: string } | undefined {
  const at = image.indexOf('@');
  const digest = at < 0 ? '' : image.slice(at + 1);
  if (at >= 0 && !ANCHORED_DIGEST.test(digest)) return undefined;
  const nameAndTag = at < 0 ? image : image.slice(0, at);
  const colon = nameAndTag.lastIndexOf(':');
  const hasTag = colon > nameAndTag.lastIndexOf('/');
  const name = hasTag ? nameAndTag.slice(0, colon) : nameAndTag;
  const tag = hasTag ? nameAndTag.slice(colon + 1) : '';
  if (hasTag && !ANCHORED_TAG.test(tag)) return undefined;
  return validName(name) ? { name, tag, digest } : undefined;
}

/** `(domain(:port)?/)?path(/path)*`: every component a path component, or a domain first. */
function validName(name: string): boolean {
  const parts = name.split('/');
  const first = parts[0] as string;
  if (!ANCHORED_PATH_COMPONENT.test(first) && !(parts.length > 1 && ANCHORED_DOMAIN_AND_PORT.test(first))) return false;
  for (let i = 1; i < parts.length; i++) if (!ANCHORED_PATH_COMPONENT.test(parts[i] as string)) return false;
  return true;
}

/** Parses an image reference, or returns the reason it is invalid (distribution's messages). */
export function parseImage(image: string): ImageComponents | string {
  const ref = splitReference(image);
  if (ref === undefined) {
    if (image === '') return 'repository name must have at least one component';
    if (splitReference(image.toLowerCase()) !== undefined) return 'repository name must be lowercase';
    return 'invalid reference format';
  }
  if (ref.name.length > NAME_TOTAL_LENGTH_MAX)
    return `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters`;
  if (ref.digest !== '') {
    const problem = digestProblem(ref.digest);
    if (problem !== undefined) return problem;
  }
  return { ...splitHostname(ref.name), tag: ref.tag, digest: ref.tag === '' ? ref.digest : '' };
}

/** Karmada's SplitHostname: the first component is a registry only if it has `.` or `:` or is localhost. */
function splitHostname(name: string): { hostname: string; repository: string } {
  const slash = name.indexOf('/');
  if (slash < 0) return { hostname: '', repository: name };
  const first = name.slice(0, slash);
  if (!/[.:]/.test(first) && first !== 'localhost') return { hostname: '', repository: name };
  return { hostname: first, repository: name.slice(slash + 1) };
}

/** `[hostname/]repository` then `:tag`, else `@digest`; never validated (Karmada emits it as is). */
export function formatImage(c: ImageComponents): string {
  const repo = c.hostname === '' ? c.repository : `${c.hostname}/${c.repository}`;
  if (c.tag !== '') return `${repo}:${c.tag}`;
  if (c.digest !== '') return `${repo}@${c.digest}`;
  return repo;
}

/** SetTagOrDigest: a valid tag replaces both, else a valid digest replaces both, else no change. */
export function setTagOrDigest(c: ImageComponents, input: string): ImageComponents {
  if (ANCHORED_TAG.test(input)) return { ...c, tag: input, digest: '' };
  if (ANCHORED_DIGEST.test(input)) return { ...c, tag: '', digest: input };
  return c;
}
