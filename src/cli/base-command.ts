import { Command, Errors } from '@oclif/core';
import { EXIT } from './exit-codes.ts';
import { errorMessage } from './error-message.ts';

/** Every flotilla command: errors that end it are printed for people (see {@link errorMessage}). */
export abstract class FlotillaCommand extends Command {
  protected override async catch(error: Error & { exitCode?: number }): Promise<unknown> {
    if (error instanceof Errors.CLIError || error instanceof Errors.ExitError || process.env.FLOTILLA_DEBUG === '1') {
      return super.catch(error);
    }
    return super.catch(new Errors.CLIError(errorMessage(error), { exit: EXIT.error }));
  }
}
