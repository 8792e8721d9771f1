/**
 * Tenants by folder (docs/deploy.md#tenants): which tenant owns each file, and the rules its
 * files are held to, before rendering (objects, placements) and after (scheduling results,
 * overrides). Pure.
 */
export { grantOf, namespaceGranted, outsideGrant, PLATFORM_KINDS } from './grants.ts';
export type { TenancyRule } from './grants.ts';
export { ownership } from './ownership.ts';
export type { OwnerOf } from './ownership.ts';
export { grantedClusters } from './placement-grant.ts';
export { refuseOutsideGrants } from './refuse-objects.ts';
export { refuseRendered } from './refuse-work.ts';
export { codeowners } from './codeowners.ts';
export { tenantListing } from './tenant-listing.ts';
export type { TenantListing } from './tenant-listing.ts';
export { refusalOf } from './refusal.ts';
