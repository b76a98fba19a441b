;; Counts two bytes in a text's UTF-8: '"' (0x22) and '\' (0x5C), for the proof that a
;; parsed text held no repeated key (see src/load/repeated-key-proof.ts). Sixteen bytes
;; at a time: a lane of i8x16.eq is 0xFF (-1) where the byte matches, and subtracting it
;; adds 1 to that lane's count. A byte lane holds 255 at most, so the lanes are summed
;; into the totals every 255 chunks (4,080 bytes); the last bytes of a length that is no
;; multiple of 16 are counted one at a time. The bytes are where a file was read to
;; (see lendReadBuffer in src/load/byte-counts.ts), or copied there.
;;
;; Compiled by scripts/generate-wasm.js into src/load/generated/byte-counts-wasm.ts.
(module
  (memory (export "memory") 0)

  ;; The backslashes of the last call of quotes.
  (global $backslashes (export "backslashes") (mut i32) (i32.const 0))

  ;; The sum of the 16 byte lanes, each 0 to 255.
  (func $sumLanes (param $lanes v128) (result i32)
    (local $wide v128)
    (local.set $wide (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $lanes))))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $wide)) (i32x4.extract_lane 1 (local.get $wide)))
      (i32.add (i32x4.extract_lane 2 (local.get $wide)) (i32x4.extract_lane 3 (local.get $wide)))))

  ;; The '"' bytes of memory[start, start + length); its '\' bytes are left in $backslashes.
  (func (export "quotes") (param $start i32) (param $length i32) (result i32)
    (local $at i32) (local $end i32) (local $whole i32) (local $blockEnd i32)
    (local $bytes v128) (local $quoteLanes v128) (local $slashLanes v128)
    (local $quotes i32) (local $slashes i32)
    (local.set $at (local.get $start))
    (local.set $end (i32.add (local.get $start) (local.get $length)))
    (local.set $whole (i32.add (local.get $start) (i32.and (local.get $length) (i32.const -16))))
    (block $blocksDone
      (loop $blocks
        (br_if $blocksDone (i32.ge_u (local.get $at) (local.get $whole)))
        ;; Compared as a distance: at + 4080 could pass 2^32.
        (local.set $blockEnd
          (select
            (i32.add (local.get $at) (i32.const 4080))
            (local.get $whole)
            (i32.gt_u (i32.sub (local.get $whole) (local.get $at)) (i32.const 4080))))
        (local.set $quoteLanes (v128.const i64x2 0 0))
        (local.set $slashLanes (v128.const i64x2 0 0))
        (loop $chunks
          (local.set $bytes (v128.load (local.get $at)))
          (local.set $quoteLanes
            (i8x16.sub (local.get $quoteLanes)
              (i8x16.eq (local.get $bytes) (v128.const i8x16 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34))))
          (local.set $slashLanes
            (i8x16.sub (local.get $slashLanes)
              (i8x16.eq (local.get $bytes) (v128.const i8x16 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92))))
          (local.set $at (i32.add (local.get $at) (i32.const 16)))
          (br_if $chunks (i32.lt_u (local.get $at) (local.get $blockEnd))))
        (local.set $quotes (i32.add (local.get $quotes) (call $sumLanes (local.get $quoteLanes))))
        (local.set $slashes (i32.add (local.get $slashes) (call $sumLanes (local.get $slashLanes))))
        (br $blocks)))
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $quotes (i32.add (local.get $quotes) (i32.eq (i32.load8_u (local.get $at)) (i32.const 34))))
        (local.set $slashes (i32.add (local.get $slashes) (i32.eq (i32.load8_u (local.get $at)) (i32.const 92))))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $tail)))
    (global.set $backslashes (local.get $slashes))
    (local.get $quotes)))
