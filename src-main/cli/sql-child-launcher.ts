/** The SQL child's launcher, for src-main/electron (which reaches the fleet through the CLI layer only). */
export { setSqlChildLauncher, type SqlChild, type SqlChildLauncher } from '../fleet/sql-child-launch';
