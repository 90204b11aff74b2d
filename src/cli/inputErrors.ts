/**
 * Errors that mean "bad input" (exit 2 with the message), as opposed to bugs (stack trace).
 */
import { ProfileError } from '../core/profile/errors';
import { PathMappingRuleError } from '../core/paths/mappingRules';
import { WorkspaceRootError } from '../core/paths/workspaceRootError';

/** True for a malformed profile, a bad `--map` rule or a bad `--root`. */
export function isInputError(err: unknown): err is Error {
  return err instanceof ProfileError || err instanceof PathMappingRuleError || err instanceof WorkspaceRootError;
}
