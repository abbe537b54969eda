// A checks thread that never answers (workers/fold-checks-thread.ts): the fold must stop waiting
// for it and fold without it.
'use strict';
