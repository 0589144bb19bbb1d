import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_core.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_judge.js';
import * as m0005 from './0005_contest.js';
import * as m0006 from './0006_forum.js';
import * as m0013 from './0013_training.js';
import * as m0013b from './0013_training_rank_versions.js';
import * as m0015 from './0015_group.js';
import * as m0014 from './0014_training_rank_incremental.js';
import * as m0016 from './0016_forum_speed.js';
import * as m0017 from './0017_remote_judge.js';
import * as m0018 from './0018_user_problem_status.js';
import * as m0019 from './0019_submit_idempotency.js';
import * as m0020 from './0020_msg_tab_totals.js';
import * as m0021 from './0021_comment_ver.js';
import * as m0022 from './0022_case_current.js';
import * as m0023 from './0023_msg_ver.js';
import * as m0024 from './0024_abuse_limits.js';
import * as m0025 from './0025_judge_library.js';
import * as m0026 from './0026_package_solution.js';
import * as m0027 from './0027_notice_i18n.js';
import * as m0028 from './0028_plagiarism.js';
import * as m0029 from './0029_rating.js';
import * as m0030 from './0030_virtual_contest.js';
import * as m0031 from './0031_two_factor.js';
import * as m0033 from './0033_ui_theme.js';
import * as m0034 from './0034_judge_library_bytes.js';
import * as m0035 from './0035_problem_sub_ver.js';

/**
 * Every migration, in order. Each domain adds its own numbered file and one line here;
 * migrations are never edited once they have landed.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_accounts': m0002,
  '0003_judge': m0003,
  '0005_contest': m0005,
  '0006_forum': m0006,
  '0013_training': m0013,
  '0013_training_rank_versions': m0013b,
  '0014_training_rank_incremental': m0014,
  '0015_group': m0015,
  '0016_forum_speed': m0016,
  '0017_remote_judge': m0017,
  '0018_user_problem_status': m0018,
  '0019_submit_idempotency': m0019,
  '0020_msg_tab_totals': m0020,
  '0021_comment_ver': m0021,
  '0022_case_current': m0022,
  '0023_msg_ver': m0023,
  '0024_abuse_limits': m0024,
  '0025_judge_library': m0025,
  '0026_package_solution': m0026,
  '0027_notice_i18n': m0027,
  '0028_plagiarism': m0028,
  '0029_rating': m0029,
  '0030_virtual_contest': m0030,
  '0031_two_factor': m0031,
  '0033_ui_theme': m0033,
  '0034_judge_library_bytes': m0034,
  '0035_problem_sub_ver': m0035,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };
