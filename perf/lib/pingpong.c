// Cache-line ping-pong between two threads pinned to CPU 0 and CPU 1: prints the round trip (ns) every 250 ms, so
// one sees the host move the vCPUs between near and far cores (perf/results/queue-amd-2026-11-26.md).
//   cc -O2 -pthread perf/lib/pingpong.c -o /tmp/pingpong && /tmp/pingpong 15     (seconds)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static _Alignas(64) _Atomic long ball;
static _Atomic int stop;
static double now(void){struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec*1e9+t.tv_nsec;}
static void pin(int c){cpu_set_t s; CPU_ZERO(&s); CPU_SET(c,&s); pthread_setaffinity_np(pthread_self(),sizeof s,&s);}
static void *pong(void *a){ pin(1); long v=1; while(!atomic_load(&stop)){ while(atomic_load_explicit(&ball,memory_order_acquire)!=v) if(atomic_load(&stop)) return 0; atomic_store_explicit(&ball,v+1,memory_order_release); v+=2;} return 0;}
int main(int argc,char**argv){ int secs=argc>1?atoi(argv[1]):20; pthread_t t; pthread_create(&t,0,pong,0); pin(0);
  long v=0; double end=now()+secs*1e9;
  while(now()<end){ double s=now(); long n=0; while(now()-s<250e6){ for(int k=0;k<1000;k++){ atomic_store_explicit(&ball,v+1,memory_order_release); while(atomic_load_explicit(&ball,memory_order_acquire)!=v+2); v+=2;} n+=1000;} double e=now(); printf("%.0f ", (e-s)/n); fflush(stdout);}
  atomic_store(&stop,1); printf("\n"); return 0;}
