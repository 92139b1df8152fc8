// The handouts' play_game examples, quoted as printed (PDF line breaks repaired, see each test's note),
// shared by the reference tests and the spec tests.

/** MIT Spring 2017 handout, Problem 6 example (total 376). */
export const MIT_PLAY_GAME_EXAMPLE = `Enter total number of hands: 2
Current hand:
a c i ! p r t
Would you like to substitute a letter? no

Current hand:
a c i ! p r t
Please enter a word or '*END*' to indicate you are done: part
"part" earned 144 points. Total: 144 points

Current hand:
c i !
Please enter a word or '*END*' to indicate you are done: !ic
"!ic" earned 108 points. Total: 252 points

Total score for this hand: 252
-----
Would you like to replay the hand? no
Current hand:
d d ! e o u t

Would you like to substitute a letter? yes
Which letter would you like to replace: e

Current hand:
d d ! a o u t
Please enter a word or '*END*' to indicate you are done: out
"out" earned 33 points. Total: 33 points

Current hand:
d d ! a
Please enter a word or '*END*' to indicate you are done: *END*
Total score for this hand: 33
-----
Would you like to replay the hand? yes
Current hand:
d d ! a o u t
Please enter a word or '*END*' to indicate you are done: dad
"dad" earned 55 points. Total: 55 points

Current hand:
! o u t
Please enter a word or '*END*' to indicate you are done: out
"out" earned 69 points. Total: 124 points

Current hand:
!
Please enter a word or '*END*' to indicate you are done: *END*
Total score for this hand: 124
-----
Total score over all hands: 376
`;

/** OCW Fall 2016 handout, play_game example (total 288), with its '!!!' prompt. */
export const OCW_PLAY_GAME_EXAMPLE = `Enter total number of hands: 2
Current hand: a c i * p r t
Would you like to substitute a letter? no

Current hand: a c i * p r t
Please enter a word or '!!!' to indicate you are done: part
"part" earned 114 points. Total: 114 points

Current hand: c i *
Please enter a word or '!!!' to indicate you are done: ic*
"ic*" earned 84 points. Total: 198 points

Ran out of letters
Total score for this hand: 198

Would you like to replay the hand? no
Current hand: d d * l o u t

Would you like to substitute a letter? yes
Which letter would you like to replace: l

Current hand: d d * a o u t
Please enter a word or '!!!' to indicate you are done: out
"out" earned 27 points. Total: 27 points

Current hand: d d * a
Please enter a word or '!!!' to indicate you are done: !!
Total score for this hand: 27

Would you like to replay the hand? yes
Current hand: d d * a o u t
Please enter a word or '!!!' to indicate you are done: d*d
"d*d" earned 36 points. Total: 36 points

Current hand: a o u t
Please enter a word or '!!!' to indicate you are done: out

"out" earned 54 points. Total: 90 points

Current hand: a
Please enter a word or '!!!' to indicate you are done: !!
Total score for this hand: 90

Total score over all hands: 288
`;
