-- Change a match's seat facts atomically, if a guard holds, and append one event to its stream.
-- KEYS[1] the match's facts hash, KEYS[2] its stream, KEYS[3] its head hash (one hash tag)
-- ARGV[1] guard field, ARGV[2] the value it must hold ('' = the field must be absent),
-- ARGV[3] expected seq ('' = append nothing), ARGV[4] channel, ARGV[5] last hash,
-- ARGV[6] envelope as JSON ('' with no append), ARGV[7..] field, value pairs ('' = delete)
-- Returns {'refused', ''} | {'conflict', current_seq} | {'ok', seq}
local found = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if found ~= ARGV[2] then return {'refused', ''} end
local seq = tonumber(redis.call('HGET', KEYS[3], 'seq') or '0')
if ARGV[3] ~= '' then
  if seq ~= tonumber(ARGV[3]) then return {'conflict', tostring(seq)} end
  seq = seq + 1
  redis.call('XADD', KEYS[2], tostring(seq) .. '-0', 'e', ARGV[6])
  redis.call('HSET', KEYS[3], 'seq', seq, 'hash', ARGV[5])
end
for i = 7, #ARGV, 2 do
  if ARGV[i + 1] == '' then
    redis.call('HDEL', KEYS[1], ARGV[i])
  else
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  end
end
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[4], tostring(seq)) end
return {'ok', tostring(seq)}
