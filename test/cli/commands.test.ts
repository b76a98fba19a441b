import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/commands.js';

describe('the command registry', () => {
  it('names each command by the first word of its usage', () => {
    for (const [name, spec] of Object.entries(commands)) expect(spec.command.split(' ')[0]).toBe(name);
  });
});
