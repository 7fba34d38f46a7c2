// The floor under latency.parked: one thread parked in FUTEX_WAIT, woken by FUTEX_WAKE from another that stamps the
// clock just before; 150 µs between wake-ups (as the benchmark's gaps), the first 100 dropped. Prints p50 and p99 in
// µs. No queue, no Dispatch: what a parked consumer's wake-up costs on this machine (perf/README.md, the parked bullet).
//   cc -O2 -pthread perf/lib/wake_floor.c -o /tmp/wake_floor && /tmp/wake_floor 3000     (wake-ups)
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
static _Atomic uint32_t word;
static _Atomic uint64_t stamp, done;
static uint64_t *lat;
static int n;
static uint64_t now(void){struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec*1000000000ull+t.tv_nsec;}
static void *consumer(void *a){
  for(int i=0;i<n;i++){
    while(atomic_load(&word)==0) syscall(SYS_futex,&word,FUTEX_WAIT_PRIVATE,0,0,0,0);
    lat[i]=now()-atomic_load(&stamp); atomic_store(&word,0); atomic_store(&done,i+1);
  }
  return 0;}
static int cmp(const void *a,const void *b){uint64_t x=*(const uint64_t*)a,y=*(const uint64_t*)b; return x<y?-1:x>y;}
int main(int argc,char **argv){
  n=argc>1?atoi(argv[1]):3000; if(n<200) n=200;
  lat=calloc(n,sizeof *lat); pthread_t t; pthread_create(&t,0,consumer,0);
  for(int i=0;i<n;i++){
    uint64_t t0=now(); while(now()-t0<150000){}
    atomic_store(&stamp,now()); atomic_store(&word,1);
    syscall(SYS_futex,&word,FUTEX_WAKE_PRIVATE,1,0,0,0);
    while(atomic_load(&done)!=(uint64_t)i+1){}
  }
  pthread_join(t,0); int m=n-100; qsort(lat+100,m,sizeof *lat,cmp);
  printf("futex wake: p50 %.1f us, p99 %.1f us\n",lat[100+m/2]/1e3,lat[100+(int)(m*0.99)]/1e3); return 0;}
