import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { refusalMessage } from './refusal';

const envelope = (msg: string, code: number) => ({ code, msg, data: null });

describe('refusal message', () => {
  it('is what the server said for a business refusal or a 4xx', () => {
    expect(refusalMessage(new ApiError('code', 'Wrong pay password', 200, envelope('Wrong pay password', 402)))).toBe('Wrong pay password');
    expect(refusalMessage(new ApiError('http', 'Bad Request', 400, envelope('Only 2 left in stock', 400)))).toBe('Only 2 left in stock');
    expect(refusalMessage(new ApiError('http', 'Conflict', 409, envelope('This key was used for another order', 409)))).toBe('This key was used for another order');
  });

  it('is nothing for failures the server did not explain', () => {
    expect(refusalMessage(new ApiError('http', 'Bad Request', 400, 'plain text'))).toBeNull();
    expect(refusalMessage(new ApiError('http', '500 (Internal Server Error)', 500, envelope('boom', 500)))).toBeNull();
    expect(refusalMessage(new ApiError('network', 'Network abnormal', 0))).toBeNull();
    expect(refusalMessage(new ApiError('session', 'expired', 401, envelope('expired', 401)))).toBeNull();
    expect(refusalMessage(new Error('x'))).toBeNull();
  });
});
