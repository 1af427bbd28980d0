;; The network accumulators' arithmetic in WebAssembly SIMD (src/eval/net/simd.ts loads it; the
;; bytes are embedded in simd.generated.ts by `npm run wasm`). Four 32-bit accumulators a step,
;; each step reading four 16-bit weights sign-extended. The same integer arithmetic as the
;; JavaScript loops of accumulator.ts, so both give the same scores to the last bit. All offsets
;; are in bytes into the one memory; n is the bytes of one perspective's accumulators (4H, a
;; multiple of 16).
(module
  (memory (export "mem") 1)
  ;; Both perspectives: acc[dst + j] = acc[src + j] + W[p0 + j] - W[m0 + j], and the half n bytes
  ;; further on with p1 and m1 (dst may equal src).
  (func (export "pair") (param $dst i32) (param $src i32) (param $p0 i32) (param $m0 i32) (param $p1 i32) (param $m1 i32) (param $n i32)
    (local $j i32) (local $w i32)
    (loop $l
      (v128.store (i32.add (local.get $dst) (local.get $j))
        (i32x4.add (v128.load (i32.add (local.get $src) (local.get $j)))
          (i32x4.sub (v128.load16x4_s (i32.add (local.get $p0) (local.get $w)))
                     (v128.load16x4_s (i32.add (local.get $m0) (local.get $w))))))
      (v128.store (i32.add (i32.add (local.get $dst) (local.get $n)) (local.get $j))
        (i32x4.add (v128.load (i32.add (i32.add (local.get $src) (local.get $n)) (local.get $j)))
          (i32x4.sub (v128.load16x4_s (i32.add (local.get $p1) (local.get $w)))
                     (v128.load16x4_s (i32.add (local.get $m1) (local.get $w))))))
      (local.set $w (i32.add (local.get $w) (i32.const 8)))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $l (i32.lt_u (local.get $j) (local.get $n))))
  )
  ;; Both perspectives: acc[dst + j] = acc[src + j] + W[w0 + j], and with w1 for the second half.
  (func (export "add") (param $dst i32) (param $src i32) (param $w0 i32) (param $w1 i32) (param $n i32)
    (local $j i32) (local $w i32)
    (loop $l
      (v128.store (i32.add (local.get $dst) (local.get $j))
        (i32x4.add (v128.load (i32.add (local.get $src) (local.get $j)))
          (v128.load16x4_s (i32.add (local.get $w0) (local.get $w)))))
      (v128.store (i32.add (i32.add (local.get $dst) (local.get $n)) (local.get $j))
        (i32x4.add (v128.load (i32.add (i32.add (local.get $src) (local.get $n)) (local.get $j)))
          (v128.load16x4_s (i32.add (local.get $w1) (local.get $w)))))
      (local.set $w (i32.add (local.get $w) (i32.const 8)))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $l (i32.lt_u (local.get $j) (local.get $n))))
  )
  ;; The same, subtracting.
  (func (export "sub") (param $dst i32) (param $src i32) (param $w0 i32) (param $w1 i32) (param $n i32)
    (local $j i32) (local $w i32)
    (loop $l
      (v128.store (i32.add (local.get $dst) (local.get $j))
        (i32x4.sub (v128.load (i32.add (local.get $src) (local.get $j)))
          (v128.load16x4_s (i32.add (local.get $w0) (local.get $w)))))
      (v128.store (i32.add (i32.add (local.get $dst) (local.get $n)) (local.get $j))
        (i32x4.sub (v128.load (i32.add (i32.add (local.get $src) (local.get $n)) (local.get $j)))
          (v128.load16x4_s (i32.add (local.get $w1) (local.get $w)))))
      (local.set $w (i32.add (local.get $w) (i32.const 8)))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $l (i32.lt_u (local.get $j) (local.get $n))))
  )
  ;; One perspective, in place: acc[dst + j] += W[after + j] - W[before + j].
  (func (export "row") (param $dst i32) (param $after i32) (param $before i32) (param $n i32)
    (local $j i32) (local $w i32)
    (loop $l
      (v128.store (i32.add (local.get $dst) (local.get $j))
        (i32x4.add (v128.load (i32.add (local.get $dst) (local.get $j)))
          (i32x4.sub (v128.load16x4_s (i32.add (local.get $after) (local.get $w)))
                     (v128.load16x4_s (i32.add (local.get $before) (local.get $w))))))
      (local.set $w (i32.add (local.get $w) (i32.const 8)))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $l (i32.lt_u (local.get $j) (local.get $n))))
  )
  ;; The output sum: over j, clamp(acc[us + j], 0, qa) * W2[j] + clamp(acc[them + j], 0, qa) * W2[H + j]
  ;; (w2 is W2's offset). Exact in 32 bits when 2H * qa * max |W2| < 2^31 (simd.ts checks).
  (func (export "out") (param $us i32) (param $them i32) (param $w2 i32) (param $qa i32) (param $n i32) (result i32)
    (local $j i32) (local $w i32) (local $s v128) (local $q v128) (local $z v128) (local $w2b i32)
    (local.set $q (i32x4.splat (local.get $qa)))
    (local.set $z (v128.const i32x4 0 0 0 0))
    (local.set $s (v128.const i32x4 0 0 0 0))
    (local.set $w2b (i32.add (local.get $w2) (i32.shr_u (local.get $n) (i32.const 1))))
    (loop $l
      (local.set $s (i32x4.add (local.get $s)
        (i32x4.mul
          (i32x4.min_s (i32x4.max_s (v128.load (i32.add (local.get $us) (local.get $j))) (local.get $z)) (local.get $q))
          (v128.load16x4_s (i32.add (local.get $w2) (local.get $w))))))
      (local.set $s (i32x4.add (local.get $s)
        (i32x4.mul
          (i32x4.min_s (i32x4.max_s (v128.load (i32.add (local.get $them) (local.get $j))) (local.get $z)) (local.get $q))
          (v128.load16x4_s (i32.add (local.get $w2b) (local.get $w))))))
      (local.set $w (i32.add (local.get $w) (i32.const 8)))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br_if $l (i32.lt_u (local.get $j) (local.get $n))))
    (i32.add (i32.add (i32x4.extract_lane 0 (local.get $s)) (i32x4.extract_lane 1 (local.get $s)))
             (i32.add (i32x4.extract_lane 2 (local.get $s)) (i32x4.extract_lane 3 (local.get $s))))
  )
)
