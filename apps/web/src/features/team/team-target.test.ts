import { describe, expect, it } from 'vitest';
import { memberTeamPath, teamTarget } from './team-target';

const me = '0x00000000000000000000000000000000000000aa';
const member = '0xAbCdEf0000000000000000000000000000000001';

describe('teamTarget', () => {
  it('is the account’s own team without ?of=, or with the account’s own address', () => {
    expect(teamTarget(null, me)).toEqual({ kind: 'team', of: undefined });
    expect(teamTarget('', me)).toEqual({ kind: 'team', of: undefined });
    expect(teamTarget(me.toUpperCase().replace('0X', '0x'), me)).toEqual({ kind: 'team', of: undefined });
  });

  it('is a member’s team, in lower case, for any other address', () => {
    expect(teamTarget(member, me)).toEqual({ kind: 'team', of: member.toLowerCase() });
    expect(teamTarget(` ${member} `, me)).toEqual({ kind: 'team', of: member.toLowerCase() });
  });

  it('is invalid for anything that is not an address, so nothing is asked of the server', () => {
    for (const bad of ['abc', '0x1234', `${member}00`, '0xZZ00000000000000000000000000000000000001']) {
      expect(teamTarget(bad, me), bad).toEqual({ kind: 'invalid' });
    }
  });
});

describe('memberTeamPath', () => {
  it('drills into the member’s team', () => {
    expect(memberTeamPath(member)).toBe(`/team?of=${member.toLowerCase()}`);
  });
});
