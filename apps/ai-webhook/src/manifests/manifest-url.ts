/**
 * Manifest addresses (`reportAiJobStatus`, issue 12): `s3://<bucket>/<organization_id>/<project_id>/<kind>/<job_id>/manifest.json`.
 * A URL of another form is malformed (422); one of this form naming another bucket, tenant, project, kind or
 * job points elsewhere (404). Only the s3 scheme is read.
 */
export const MANIFEST_URL_PATTERN =
  /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/\d{1,16}\/\d{1,16}\/[a-z0-9_]{1,32}\/[A-Za-z0-9._-]{1,128}\/manifest\.json$/;

export interface ManifestAddress {
  bucket: string;
  organizationId: string;
  projectId: string;
  kind: string;
  jobId: string;
}

/** The job a manifest belongs to, as its row says. */
export interface ManifestOwner {
  bucket: string;
  organizationId: number;
  projectId: number;
  kind: string;
  jobId: string;
}

export function parseManifestUrl(url: string): ManifestAddress | undefined {
  if (!MANIFEST_URL_PATTERN.test(url)) return undefined;
  const [bucket, organizationId, projectId, kind, jobId] = url.slice('s3://'.length).split('/');
  return { bucket, organizationId, projectId, kind, jobId };
}

/** The object key of a job's manifest, built from the row (never from the URL sent). */
export function manifestKey(owner: Omit<ManifestOwner, 'bucket'>): string {
  return `${manifestPrefix(owner)}manifest.json`;
}

/** `<organization_id>/<project_id>/<kind>/<job_id>/`: where the job's files go. */
export function manifestPrefix({ organizationId, projectId, kind, jobId }: Omit<ManifestOwner, 'bucket'>): string {
  return `${organizationId}/${projectId}/${kind}/${jobId}/`;
}

/** Which part of the address does not belong to the job, if any. Ids compare as written (no leading zeros). */
export function foreignPart(address: ManifestAddress, owner: ManifestOwner): keyof ManifestAddress | undefined {
  if (address.bucket !== owner.bucket) return 'bucket';
  if (address.organizationId !== String(owner.organizationId)) return 'organizationId';
  if (address.projectId !== String(owner.projectId)) return 'projectId';
  if (address.kind !== owner.kind) return 'kind';
  if (address.jobId !== owner.jobId) return 'jobId';
  return undefined;
}
