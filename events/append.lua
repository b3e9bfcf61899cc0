-- Append events to one stream, atomically.
-- KEYS[1] stream, KEYS[2] head hash, KEYS[3] idempotency key (same hash tag; '' field unused)
-- ARGV[1] expected seq, ARGV[2] idempotency in use (0/1), ARGV[3] answer to remember,
-- ARGV[4] answer ttl (s), ARGV[5] snapshot ('' for none), ARGV[6] channel, ARGV[7] last hash,
-- ARGV[8..] envelopes as JSON, numbered expected+1, expected+2, ...
-- Returns {'dup', answer} | {'conflict', current_seq} | {'ok', new_seq}
if ARGV[2] == '1' then
  local seen = redis.call('GET', KEYS[3])
  if seen then return {'dup', seen} end
end
local current = tonumber(redis.call('HGET', KEYS[2], 'seq') or '0')
local expected = tonumber(ARGV[1])
if current ~= expected then return {'conflict', tostring(current)} end
local seq = expected
for i = 8, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[1], tostring(seq) .. '-0', 'e', ARGV[i])
end
redis.call('HSET', KEYS[2], 'seq', seq, 'hash', ARGV[7])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[2], 'snap', ARGV[5], 'snap_seq', seq)
end
if ARGV[2] == '1' then
  redis.call('SET', KEYS[3], ARGV[3], 'EX', tonumber(ARGV[4]))
end
redis.call('PUBLISH', ARGV[6], tostring(seq))
return {'ok', tostring(seq)}
